//! Dragonkeepers: collect young dragons as the two-page magic book allows.
//!
//! The state machine lives in [`model`] (state), [`legal`] (what may be done), [`labels`],
//! [`rules`] (effects), [`chance`] (shuffles, draws and setup),
//! [`scoring`], [`knowledge`] (what the table has seen of each card), [`determinize`]
//! and [`policy`] (bots) and [`view`] (the table). Component data is in
//! `resources/dragonkeepers/components.json`; the card split and the rewards per number are
//! our own design (the file's `_about` says which parts).
//!
//! Choices written down:
//! - A turn is a chain of atomic actions: take a display card (one at a time), pay a crystal
//!   for a fourth, place one hand card on a page, switch a magic-chest item on or off, pick
//!   one card for the play, confirm the play (naming the row end for a new colour), use the
//!   twilight flute, end the turn. Picking cards, putting the picks back (the table's
//!   Cancel) and switching items are the steps of a plan (`Legal::step`): the host logs
//!   them with the play that confirms them (or the end of the turn or pass that drops
//!   them) as one entry, and the play's log line names the items it used. Every hand card
//!   is its own choice, look-alikes too, so each card on the table is the target of its
//!   own pick; the twilight flute's choices, named by the card's look, are one per look.
//! - Old saves: [`old_saves`] migrates each older version's log to today's actions.
//! - Items for a play are switched on before picking and paid only when the play is made,
//!   so switching one on and then not playing costs nothing.
//! - Completing players who could not lay out anything (items and crystals considered) are
//!   passed over automatically; the log names them and counts that as a reveal.
//! - Public: display cards, page backs on top, page sizes, what was taken from the display,
//!   the backs of placed cards, pearl colours. Hidden: other hands in the view, the fronts of
//!   placed cards, everything below the page tops, amulet and pearl values of others until
//!   the end (the owner sees its own).
//! - Randomness: the start player drawn by lot (unless a seat is named at setup), the
//!   starting-card, left and right shuffles, the amulet pieces returned to the box, the
//!   random magic chest and every pearl draw are chance steps. `check_chance` is the one
//!   check of a logged outcome (the lot, chest and pearl as lists, shuffles as
//!   permutations of the pile as it lies), so the state change trusts it.

pub mod action;
pub mod applied;
pub mod art;
pub mod cards;
pub mod chance;
pub mod data;
pub mod determinize;
pub mod knowledge;
pub mod labels;
pub mod legal;
pub mod model;
pub mod old_saves;
pub mod player_view;
pub mod policy;
pub mod rules;
pub mod scoring;
pub mod view;

use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, OptionChoice, OptionSpec, Outcome, Setup,
    ToAct, View, game::Turn,
};

pub use action::{Action, Deck};
pub use model::{Dk, End, Item, Page, Phase};

const RULES: &str = include_str!("../../../resources/dragonkeepers/rules.md");
const LESSON: &str = include_str!("../../../resources/dragonkeepers/lesson.json");

fn choice(value: &str, label: &str, help: &str) -> OptionChoice {
    OptionChoice::new(value, label, help)
}

impl Dk {
    /// Whether `a` returns crystals: the mint, the fourth card, the flute, and a play
    /// with items switched on (switching them on is free until the play is made, so the
    /// play is the move that spends).
    pub fn spends(&self, a: &Action) -> bool {
        match a {
            Action::UseMint | Action::PayCrystalForFourth | Action::UseFlute { .. } => true,
            Action::Play { .. } => self.step.armed != 0,
            _ => false,
        }
    }
}

impl Game for Dk {
    type Action = Action;
    // Every move that returns a crystal is marked (see `Dk::spends`).
    const MARKS_SPENDING: bool = true;

    fn info() -> GameInfo {
        let mut options = vec![
            OptionSpec {
                key: "variant".into(),
                label: "Rules".into(),
                help: "The children's rules drop the crests and the placement rule.".into(),
                choices: vec![
                    choice("standard", "Standard", "The full rules."),
                    choice(
                        "children",
                        "Children's variant",
                        "No crests, and any colour may always be laid out.",
                    ),
                ],
                default: "standard".into(),
                ..Default::default()
            },
            OptionSpec {
                key: "start".into(),
                label: "Start player".into(),
                help: "Who takes the first turn; the seats after them get the starting cards."
                    .into(),
                choices: vec![
                    choice("random", "By lot", "A random seat starts."),
                    choice("1", "Seat 1", "The first seat starts."),
                    choice("2", "Seat 2", "The second seat starts."),
                    OptionChoice::new("3", "Seat 3", "The third seat starts.").players(3, 4),
                    OptionChoice::new("4", "Seat 4", "The fourth seat starts.").players(4, 4),
                ],
                default: "random".into(),
                ..Default::default()
            },
            OptionSpec {
                key: "chests".into(),
                label: "Magic chests".into(),
                help: "Items anyone may use for a crystal each, once per turn per item.".into(),
                choices: vec![
                    choice("none", "None", "Play without magic chests."),
                    choice("random", "One at random", "One item is revealed at setup."),
                    choice("chosen", "Chosen items", "Use the items switched on below."),
                ],
                default: "none".into(),
                ..Default::default()
            },
        ];
        for it in Item::ALL {
            options.push(
                OptionSpec {
                    key: it.key().into(),
                    label: format!("Chest: {}", it.name()),
                    help: it.help().into(),
                    choices: vec![
                        choice(
                            "no",
                            "Off",
                            &format!("The {} is not in the magic chests.", it.name()),
                        ),
                        choice(
                            "yes",
                            "On",
                            &format!(
                                "The {} is in the magic chests: anyone may use it for a crystal.",
                                it.name()
                            ),
                        ),
                    ],
                    default: "no".into(),
                    ..Default::default()
                }
                .only_with_option(
                    "chests",
                    &["chosen"],
                    "Only with magic chests set to \"Chosen items\"",
                ),
            );
        }
        GameInfo {
            id: "dragonkeepers".into(),
            name: "Dragonkeepers".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Take dragon cards, bend the two-page magic book to your hand and lay \
                          out exactly what it asks for amulets, pearls, eggs and crests."
                .into(),
            min_players: 2,
            max_players: 4,
            options,
            hidden_information: true,
            rules: RULES.into(),
        }
    }

    fn new(setup: &Setup) -> Result<Self, GameError> {
        Dk::new_game(setup)
    }

    fn to_act(&self) -> ToAct {
        match self.whose_turn() {
            Turn::Seat(s) => ToAct::Seats(vec![s]),
            Turn::Chance => ToAct::Chance,
            // Dragonkeepers has no simultaneous choices.
            Turn::Over | Turn::Several => ToAct::Over,
        }
    }

    fn whose_turn(&self) -> Turn {
        if !self.pearls_due.is_empty() {
            return Turn::Chance;
        }
        match self.phase {
            Phase::Setup(_) => Turn::Chance,
            Phase::Turn => Turn::Seat(self.active),
            Phase::Completing(s) => Turn::Seat(s),
            Phase::Over => Turn::Over,
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        self.sample(rng)
    }

    fn chance_outcomes(&self) -> Option<Vec<Action>> {
        self.chance_list()
    }

    fn check_chance(&self, outcome: &Action) -> Result<(), GameError> {
        self.chance_fits(outcome)
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        self.actions(seat)
            .into_iter()
            .map(|a| {
                let (label, target) = self.describe(seat, &a);
                let plan = a.is_plan_step();
                let spends = self.spends(&a);
                let done = matches!(a, Action::EndTurn | Action::Pass);
                let mut l = Legal::new(a, label);
                if plan {
                    l = l.step();
                }
                if spends {
                    l = l.spends();
                }
                if done {
                    l = l.by_default();
                }
                match target {
                    Some(t) => l.at(t),
                    None => l,
                }
            })
            .collect()
    }

    fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.actions(seat)
    }

    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.actions_into(seat, out);
    }

    fn playout_choice(&self, _seat: usize, legal: &[Action], rng: &mut GameRng) -> usize {
        policy::playout_choice(self, legal, rng)
    }

    fn apply(&mut self, seat: Option<usize>, action: &Action) -> Result<Applied, GameError> {
        match seat {
            Some(s) => {
                let done = self.seat_change(s, action)?;
                Ok(self.seat_log(s, done))
            }
            None => {
                let done = self.chance_change(action)?;
                Ok(self.chance_log(done))
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

    fn lesson() -> Option<&'static str> {
        Some(LESSON)
    }

    fn open_old(
        version: &str,
        setup: &Setup,
        log: Vec<tavern_plugin_api::versions::OldEntry>,
    ) -> Result<tavern_plugin_api::versions::OldLog, GameError> {
        old_saves::open_old(version, setup, log)
    }
}

tavern_plugin_api::export_game!(Dk);
