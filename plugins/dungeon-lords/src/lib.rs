//! Dungeon Lords: the full two-year game for 2–4 lords ([`year`] runs the building years
//! and the step between them, [`build`] their decisions and draws), and the rulebook's
//! Combat Training as the one-player mode.
//!
//! The state lives in [`model`]; [`grid`] finds the tile attacked, [`legal`] lists choices,
//! [`rules`] applies them and runs the battle steps, [`spells`] the combat cards, [`party`]
//! puts damage on and takes it off, [`done`] records what happened, [`applied`] and
//! [`labels`] write the log and buttons from it, [`scoring`], [`determinize`] and [`view`]
//! do what they say. Component data is `resources/dungeon-lords/components.json`; each
//! entry says whether it comes from the rulebook, public component lists or our design.
//!
//! The building years use small rule modules, each also tested on its own: [`building`]
//! (digging, mining, room sites, taxes), [`arrivals`] (adventurers sorted and handed out,
//! warriors pushing ahead), [`orders`] (the central board), [`economy`] (Pay Day, Taxes,
//! production), [`titles`] and [`final_score`]; [`table`] draws the building years.
//!
//! Choices written down (rules help, `resources/dungeon-lords/rules.md`, has them all):
//! - Planning is a plan of steps (tile, trap, monsters) ending in Confirm; all lords plan
//!   at once and the plans turn face up when the last one confirms.
//! - The monster step is played: the lord picks the order, the attack and the targets one
//!   monster at a time, after seeing what the trap did. Darts are aimed when they go off.
//! - Everything else (trap damage and prevention, spells, healing, fatigue, conquering,
//!   poison, the paladin) resolves by itself and is logged line by line; the table keeps
//!   the last step's lines under the dungeon.

pub mod action;
pub mod applied;
pub mod arrivals;
pub mod art;
pub mod build;
pub mod building;
pub mod combat_side;
pub mod data;
pub mod determinize;
pub mod done;
pub mod economy;
pub mod final_score;
pub mod full;
pub mod grid;
pub mod labels;
pub mod legal;
pub mod marks;
pub mod model;
pub mod names;
pub mod orders;
pub mod paint;
pub mod party;
pub mod rules;
pub mod scoring;
pub mod spaces;
pub mod spells;
pub mod table;
pub mod titles;
pub mod versions;
pub mod view;
pub mod year;

use rand::RngExt;
use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, OptionChoice, OptionSpec, Outcome, Setup,
    ToAct, View, game::Turn,
};

pub use action::Action;
pub use model::{Dl, Phase};

const RULES: &str = include_str!("../../../resources/dungeon-lords/rules.md");
const LESSON: &str = include_str!("../../../resources/dungeon-lords/lesson.json");

impl Game for Dl {
    type Action = Action;
    // Every move that pays something is marked (see `marks`).
    const MARKS_SPENDING: bool = true;

    fn info() -> GameInfo {
        let mut choices = vec![
            OptionChoice::new(
                "game",
                "The full game",
                "Two years of building and combat for 2 to 4 lords, then the final scoring.",
            )
            .players(2, 4),
        ];
        choices.extend(data::data().scenarios.iter().map(|s| {
            OptionChoice::new(
                s.key.as_str(),
                format!("Combat Training: {}", s.name.to_lowercase()),
                format!(
                    "One lord against the rulebook's {}. Best possible: {} tile{} conquered.",
                    s.name.to_lowercase(),
                    s.best,
                    if s.best == 1 { "" } else { "s" }
                ),
            )
            .players(1, 1)
        }));
        GameInfo {
            id: "dungeon-lords".into(),
            name: "Dungeon Lords".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Build a dungeon for two years, then defend it against parties of \
                          heroes with traps, monsters and ghosts. For 2 to 4 lords; Combat \
                          Training is the one-player mode."
                .into(),
            min_players: 1,
            max_players: 4,
            options: vec![
                OptionSpec {
                    key: "mode".into(),
                    label: "Mode".into(),
                    help: "The full game, or one of the rulebook's training dungeons (a \
                           one-player combat puzzle)."
                        .into(),
                    choices,
                    default: "game".into(),
                    ..Default::default()
                },
                OptionSpec {
                    key: "rules".into(),
                    label: "Rules".into(),
                    help: "The rulebook's first game, or its full rules, which change four \
                           things: how the first inaccessible orders are set, Hire Monster \
                           as the first order, paying with Evil, and the Special Event tile."
                        .into(),
                    choices: vec![
                        OptionChoice::new(
                            "first",
                            "First game",
                            "The rulebook's rules for a first game: your first two \
                             inaccessible orders are dealt at random, Hire Monster costs \
                             nothing extra, Evil simply stops at the top of the Evilometer, \
                             and the Special Event tile does nothing.",
                        ),
                        OptionChoice::new(
                            "full",
                            "Full rules",
                            "Draw three orders and choose which two start inaccessible; Hire \
                             Monster as your first order costs 1 gold; a cost in Evil cannot \
                             be paid at the top of the Evilometer; the Special Event tile turns \
                             up a special event card (our nine designs: the rulebook prints \
                             none).",
                        ),
                    ],
                    default: "first".into(),
                    ..Default::default()
                }
                .only_with_option("mode", &["game"], "Only in the full game"),
            ],
            hidden_information: true,
            rules: RULES.into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Dl::new_game(setup)
    }

    fn lesson() -> Option<&'static str> {
        Some(LESSON)
    }

    fn open_old(
        version: &str,
        setup: &Setup,
        log: Vec<tavern_plugin_api::versions::OldEntry>,
    ) -> Result<tavern_plugin_api::versions::OldLog, GameError> {
        versions::open_old(version, setup, log)
    }

    fn new_under(setup: &Setup, rules: &str) -> Result<Self, GameError> {
        Dl::new_game_under(setup, versions::under(rules)?)
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

    /// The one chance step of a combat: its four combat cards, dealt face down. Training
    /// uses none (fixed fatigue, no spells).
    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        if !self.deal_due {
            return self.sample_draw(rng);
        }
        let mut pool: Vec<u8> = (0..data::data().combat_cards.len() as u8)
            .filter(|&c| data::card(c).year == self.year)
            .collect();
        let mut cards = [0u8; 4];
        for c in &mut cards {
            *c = pool.swap_remove(rng.random_range(0..pool.len()));
        }
        Action::Deal { cards }
    }

    /// 9 × 8 × 7 × 6 ordered deals: too many to list; `check_chance` checks one.
    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        None
    }

    fn check_chance(&self, outcome: &Action) -> Result<(), GameError> {
        match outcome {
            Action::Deal { cards } => self.check_deal(cards),
            Action::Draw { ids, n } if !self.deal_due => self.check_draw(ids, *n),
            _ => Err(GameError::new("not a deal of combat cards")),
        }
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        let planning = matches!(
            self.phase,
            Phase::Planning | Phase::Build(full::Stage::Orders | full::Stage::Initial)
        );
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
                if self.spends(seat, &a) {
                    l = l.spends();
                }
                if self.by_default(seat, &a) {
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
        match seat {
            Some(s) => {
                let ev = self.seat_change(s, action)?;
                Ok(self.seat_log(s, action, &ev))
            }
            None => {
                let ev = self.chance_change(action)?;
                Ok(self.chance_log(&ev))
            }
        }
    }

    fn apply_quiet(&mut self, seat: Option<usize>, action: &Action) -> Result<(), GameError> {
        match seat {
            Some(s) => self.seat_change(s, action).map(|_| ()),
            None => self.chance_change(action).map(|_| ()),
        }
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

tavern_plugin_api::export_game!(Dl);
