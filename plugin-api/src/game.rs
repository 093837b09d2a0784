//! The trait a game implements: a pure state machine in the spirit of OpenSpiel.
//!
//! Rules live here and nowhere else: the host never interprets an action, it only stores
//! the JSON the game gave it and hands it back.

use std::fmt::{self, Debug};

use serde::{Serialize, de::DeserializeOwned};

use crate::proto::{GameInfo, Outcome, Setup, ToAct, View};
use crate::rng::GameRng;

/// One legal action for a seat, with its label and the scene id it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Legal<A> {
    pub action: A,
    /// Short imperative text for buttons and menus ("Take the red 4").
    pub label: String,
    /// The scene item id a click on which means this action, if any.
    pub target: Option<String>,
    /// How the host presents the action; every kind is still one ordinary action to
    /// bots, random games and the ABI.
    pub kind: ChoiceKind,
    /// The move spends resources (build, buy, hire, pay): a click on its table item opens
    /// a menu naming it and its cost first, unless the player chose one-click play.
    pub spends: bool,
    /// The move Enter or Space plays (End turn, Done): at most one per seat's list.
    pub default: bool,
}

pub use crate::proto::ChoiceKind;

impl<A> Legal<A> {
    pub fn new(action: A, label: impl Into<String>) -> Self {
        Legal {
            action,
            label: label.into(),
            target: None,
            kind: ChoiceKind::Plain,
            spends: false,
            default: false,
        }
    }
    /// Marks a move that spends resources (see the `spends` field).
    pub fn spends(mut self) -> Self {
        self.spends = true;
        self
    }
    /// Marks the move Enter or Space plays (see the `default` field).
    pub fn by_default(mut self) -> Self {
        self.default = true;
        self
    }
    pub fn at(mut self, target: impl Into<String>) -> Self {
        self.target = Some(target.into());
        self
    }
    /// One value of a numeric choice: every action of the list with the same `group`
    /// ("Bid") is shown as one stepper/slider over their values instead of a button each.
    pub fn number(mut self, group: impl Into<String>, value: i64) -> Self {
        self.kind = ChoiceKind::Number {
            group: group.into(),
            value,
        };
        self
    }
    /// A tentative step of a plan (pick one of k orders, choose one explorer): the host
    /// applies it to a scratch copy, shows the running plan with Cancel, and logs the
    /// steps as one entry together with the first non-step action that follows (the
    /// game's "Confirm"). A step must not reveal anything or lead to a chance step.
    pub fn step(mut self) -> Self {
        self.kind = ChoiceKind::Step;
        self
    }
    /// The "let it go" answer of an optional response window (an "at any time" play):
    /// the host applies it by itself for a human seat whose only legal action it is, or
    /// who chose "don't ask me again" while the game's `window` key stays the same (for
    /// example `"round 3"`).
    pub fn pass(mut self, window: impl Into<String>) -> Self {
        self.kind = ChoiceKind::Pass {
            window: window.into(),
        };
        self
    }
}

/// What applying an action produced, for the log.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Applied {
    /// Log text every seat may read. For a chance outcome this never names the hidden
    /// result ("the deck is shuffled"), only what became public. Consequences that follow
    /// by themselves (an automated opponent's reaction, a triggered reward) go on lines
    /// of their own after a `\n`; the host shows them indented under the action.
    pub label: String,
    /// Log text only the acting seat may read, when it knows more than the others.
    pub private_label: Option<String>,
    /// Log text for other seats that learn something the rest may not (the seat that
    /// draws a card at a chance step, a spy looking at a card). Each listed seat reads its
    /// text instead of the public label; it wins over `private_label` for the same seat.
    pub private_for: Vec<(usize, String)>,
    /// True when hidden or random information came out (a draw, a roll, a flip).
    pub reveal: bool,
    /// True for a step that changed nothing on the table (declining an optional
    /// response): the log folds runs of them into one line and can hide them.
    pub routine: bool,
    /// Set when this step began a new part of the game ("Round 3", "Year 2"): the log
    /// shows it as a heading after the entry.
    pub section: Option<String>,
    /// What this step's private texts are about ("orders"), when a later step makes it
    /// public: from then on they protect nothing, and a hot-seat cover is not raised
    /// for them.
    pub secret_key: Option<String>,
    /// Keys whose earlier private texts this step makes public (the orders revealed).
    pub publishes: Vec<String>,
}

impl Applied {
    pub fn public(label: impl Into<String>) -> Self {
        Applied {
            label: label.into(),
            ..Default::default()
        }
    }
    pub fn reveal(label: impl Into<String>) -> Self {
        Applied {
            label: label.into(),
            reveal: true,
            ..Default::default()
        }
    }
    /// Marks a step that changed nothing on the table (the `routine` field).
    pub fn routine(mut self) -> Self {
        self.routine = true;
        self
    }
    /// Names what this step's private texts are about (the `secret_key` field).
    pub fn secret_until(mut self, key: impl Into<String>) -> Self {
        self.secret_key = Some(key.into());
        self
    }
    /// Makes public the earlier private texts about `key` (the `publishes` field).
    pub fn publishes(mut self, key: impl Into<String>) -> Self {
        self.publishes.push(key.into());
        self
    }
    /// Names the part of the game this step began (the `section` field).
    pub fn section(mut self, name: impl Into<String>) -> Self {
        self.section = Some(name.into());
        self
    }
    pub fn with_private(mut self, label: impl Into<String>) -> Self {
        self.private_label = Some(label.into());
        self
    }
    /// Text only `seat` reads in place of the public label (for example, a chance step's
    /// draw as the drawing seat sees it).
    pub fn with_private_for(mut self, seat: usize, label: impl Into<String>) -> Self {
        self.private_for.retain(|(s, _)| *s != seat);
        self.private_for.push((seat, label.into()));
        self
    }
    /// The text `viewer` reads for this step, `actor` being the seat that acted (`None`
    /// for chance or for the spectator).
    pub fn text_for(&self, actor: Option<usize>, viewer: Option<usize>) -> &str {
        if let Some(v) = viewer {
            if let Some((_, t)) = self.private_for.iter().find(|(s, _)| *s == v) {
                return t;
            }
            if actor == Some(v)
                && let Some(t) = &self.private_label
            {
                return t;
            }
        }
        &self.label
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError(pub String);

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GameError {}

impl GameError {
    pub fn new(msg: impl Into<String>) -> Self {
        GameError(msg.into())
    }
}

/// A game's rules. `Self` is the full state (everything, hidden parts included).
///
/// Contract (checked by `abi` and by the shared test helpers in [`crate::game::check`]):
/// - `new` leaves every shuffle to chance steps, so the log records setup randomness.
/// - `legal(seat)` is empty for a seat not in `to_act`.
/// - `apply` is only ever called with an action from `legal` (the glue checks), or, for
///   the chance seat (`seat == None`), with an outcome `sample_chance` could produce.
///   It may therefore assume legality, but must still return `Err` rather than panic on
///   a chance outcome that does not fit (a tampered save).
/// - `view(Some(s))` shows nothing seat `s` may not know.
pub trait Game: Clone + Serialize + DeserializeOwned + Send + 'static {
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send;

    /// The game marks every move that spends with [`Legal::spends`]; until it does, the
    /// host guesses from the labels which clicks should ask first.
    const MARKS_SPENDING: bool = false;
    fn info() -> GameInfo;

    fn new(setup: &Setup) -> Result<Self, GameError>;

    fn to_act(&self) -> ToAct;

    /// The pending chance outcome, drawn from `rng`. Called only when `to_act` is `Chance`.
    fn sample_chance(&self, rng: &mut GameRng) -> Self::Action;

    /// Every outcome the pending chance step could have, when they are few enough to
    /// list (a die, a draw of one card from a known deck); `None` when they are not (a
    /// shuffle). [`apply_checked`] refuses a logged outcome outside this list, so a
    /// tampered save is refused in one place.
    fn chance_outcomes(&self) -> Option<Vec<Self::Action>> {
        None
    }

    /// Whether `outcome` could have come from the pending chance step (a shuffle is a
    /// permutation of the cards actually in the deck, a roll is within the die's faces).
    /// [`apply_checked`] calls it before `apply` for every chance outcome; the default
    /// accepts everything that `chance_outcomes` lists (or everything, when it lists none).
    fn check_chance(&self, outcome: &Self::Action) -> Result<(), GameError> {
        let _ = outcome;
        Ok(())
    }

    fn legal(&self, seat: usize) -> Vec<Legal<Self::Action>>;

    /// `seat` is `None` for a chance outcome.
    fn apply(&mut self, seat: Option<usize>, action: &Self::Action) -> Result<Applied, GameError>;

    fn view(&self, viewer: Option<usize>) -> View;

    /// Scores when the game is over, `None` before.
    fn outcome(&self) -> Option<Outcome>;

    /// A state that `viewer` cannot tell apart from this one, hidden parts re-sampled.
    /// Games without hidden information return a clone.
    fn determinize(&self, viewer: usize, rng: &mut GameRng) -> Self;

    /// The actions of `legal(seat)`, in the same order, without labels. Random playouts
    /// and `ApplyIndex` use it; override when `legal` builds expensive labels, keeping
    /// the order identical.
    fn legal_actions(&self, seat: usize) -> Vec<Self::Action> {
        self.legal(seat).into_iter().map(|l| l.action).collect()
    }

    // The three below are the hot path of random playouts (tests, bots, simulations).
    // Their defaults are correct for every game; a game overrides them only to be faster,
    // and `check::random_game` verifies that overrides agree with the originals.

    /// Who acts next, without building `to_act`'s list in the usual one-seat case.
    fn whose_turn(&self) -> Turn {
        Turn::of(&self.to_act())
    }

    /// Appends `legal_actions(seat)` to `out`, so a playout reuses one buffer.
    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Self::Action>) {
        out.extend(self.legal_actions(seat));
    }

    /// Which of `legal` (the seat's actions, never empty) a bot's playout takes. Uniform
    /// by default; a game may offer a cheap policy that makes playouts more telling (never
    /// pass when a scoring move exists). Only the search's playouts use it: random games
    /// and the random bot stay uniform.
    fn playout_choice(&self, seat: usize, legal: &[Self::Action], rng: &mut GameRng) -> usize {
        let _ = seat;
        rand::RngExt::random_range(rng, 0..legal.len())
    }

    /// The game's drawings, which its scenes name in [`crate::scene::Shape::Image`]:
    /// asked once when the host loads the plugin, never per view. Build it with
    /// [`crate::art!`] from `resources/<game>/art/`. A game without art keeps the default.
    fn art() -> Vec<crate::scene::Art> {
        Vec::new()
    }

    /// How a log written by `version` of this game (not today's: older, as a rule)
    /// replays now: rewritten into today's actions, and under which older version's
    /// rules. See [`crate::versions`]. The default, for a game that never changed how a
    /// log replays: the log is today's. An `Err` says the version cannot be read (the
    /// host then reports the save as written by an unreadable version).
    fn open_old(
        version: &str,
        setup: &Setup,
        log: Vec<crate::versions::OldEntry>,
    ) -> Result<crate::versions::OldLog, GameError> {
        let _ = (version, setup);
        Ok(crate::versions::OldLog::unchanged(log))
    }

    /// The game's guided first game, as the text of its lesson file (see
    /// [`crate::lesson`]); `None` for a game without one.
    fn lesson() -> Option<&'static str> {
        None
    }

    /// A new game that follows the rules of the older version `rules` (one that
    /// [`Game::open_old`] named). Keep old behaviour behind a field of the state set
    /// here, as small as possible. The default: today's rules.
    fn new_under(setup: &Setup, rules: &str) -> Result<Self, GameError> {
        let _ = rules;
        Self::new(setup)
    }

    /// `apply` without its log text: the same change of state, for playouts that keep
    /// no log.
    fn apply_quiet(&mut self, seat: Option<usize>, action: &Self::Action) -> Result<(), GameError> {
        self.apply(seat, action).map(|_| ())
    }
}

/// Who acts next, as [`Game::whose_turn`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Exactly this seat.
    Seat(usize),
    /// More than one seat (simultaneous choices): ask `to_act` for the list.
    Several,
    Chance,
    Over,
}

impl Turn {
    pub fn of(to_act: &ToAct) -> Turn {
        match to_act {
            ToAct::Over => Turn::Over,
            ToAct::Chance => Turn::Chance,
            ToAct::Seats(s) if s.len() == 1 => Turn::Seat(s[0]),
            ToAct::Seats(_) => Turn::Several,
        }
    }
}

/// Checked application: refuses an action that is not in `legal(seat)` (or, for chance,
/// lets the game validate the outcome), leaving the state untouched on any error.
pub fn apply_checked<G: Game>(
    state: &mut G,
    seat: Option<usize>,
    action: &G::Action,
) -> Result<Applied, GameError> {
    match (state.to_act(), seat) {
        (ToAct::Over, _) => return Err(GameError::new("the game is over")),
        (ToAct::Chance, Some(s)) => {
            return Err(GameError::new(format!(
                "seat {s} cannot act: a chance step is pending"
            )));
        }
        (ToAct::Seats(_), None) => {
            return Err(GameError::new("no chance step is pending"));
        }
        (ToAct::Seats(seats), Some(s)) => {
            if !seats.contains(&s) {
                return Err(GameError::new(format!("it is not seat {s}'s turn")));
            }
            if !state.legal_actions(s).iter().any(|a| a == action) {
                return Err(GameError::new(format!(
                    "illegal action for seat {s}: {}",
                    serde_json::to_string(action).unwrap_or_default()
                )));
            }
        }
        (ToAct::Chance, None) => {
            if let Some(outcomes) = state.chance_outcomes()
                && !outcomes.iter().any(|o| o == action)
            {
                return Err(GameError::new(format!(
                    "this chance outcome could not have happened: {}",
                    serde_json::to_string(action).unwrap_or_default()
                )));
            }
            state.check_chance(action).map_err(|e| {
                GameError::new(format!("this chance outcome could not have happened: {e}"))
            })?;
        }
    }
    let mut next = state.clone();
    let applied = next.apply(seat, action)?;
    *state = next;
    Ok(applied)
}

/// Shared checks every game's tests run on random games.
pub mod check {
    use super::*;
    use crate::rng::GameRng;
    use rand::RngExt;

    pub use crate::layout::{
        LayoutProblem, TABLE_1024X700, TABLE_1280X800, check_layout, cut_texts, fits_at_min_scale,
        items_off_canvas, layout_problems, panel_at, texts_outside_panels,
    };

    /// The number of random games a test plays: `n` times the `TAVERN_TEST_SCALE`
    /// setting (a decimal factor, 1 when unset; CI leaves it unset), at least 1. Every
    /// game's random-game tests take their counts from here, so one setting sizes the
    /// whole suite.
    pub fn scaled(n: usize) -> usize {
        let factor = std::env::var("TAVERN_TEST_SCALE")
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|f| f.is_finite() && *f >= 0.0)
            .unwrap_or(1.0);
        ((n as f64 * factor).round() as usize).max(1)
    }

    /// The image ids `scene` names that the game's [`Game::art`] does not ship (each
    /// once). A game's view tests call [`check_art`] on views of random positions; the
    /// cross-crate tests do the same for every game through the real plugin.
    pub fn missing_art<G: Game>(scene: &crate::scene::Scene) -> Vec<String> {
        let art = G::art();
        scene
            .image_ids()
            .into_iter()
            .filter(|id| !art.iter().any(|a| a.id == *id))
            .map(String::from)
            .collect()
    }

    /// What is wrong with the table targets of `seat`'s legal actions in `state`: each
    /// target must name an item of `view(Some(seat))` (so the click the label promises
    /// exists on that seat's own screen), and an action about one component must target
    /// that component, not an area around other clickable components (a click on a
    /// villager inside a village panel that "Labor" targets would start the wrong
    /// action). Every game's tests call it over random positions; an empty list passes.
    pub fn target_problems<G: Game>(state: &G, seat: usize) -> Vec<String> {
        let legal = state.legal(seat);
        if legal.iter().all(|l| l.target.is_none()) {
            return Vec::new();
        }
        let scene = state.view(Some(seat)).scene;
        target_problems_in(&scene, &legal)
    }

    /// [`target_problems`] for a scene and legal list already at hand.
    pub fn target_problems_in<A>(scene: &crate::scene::Scene, legal: &[Legal<A>]) -> Vec<String> {
        let mut problems = Vec::new();
        for l in legal {
            let Some(t) = l.target.as_deref() else {
                continue;
            };
            let Some(item) = scene.items.iter().find(|i| i.id.as_deref() == Some(t)) else {
                problems.push(format!(
                    "{:?} targets {t:?}, which is not on the table",
                    l.label
                ));
                continue;
            };
            let b = item.shape.bounds();
            let area = b.w * b.h;
            // Another identified component lying wholly inside the target (and clearly
            // smaller) means the target is the panel around it.
            let inner = scene.items.iter().find(|o| {
                let Some(oid) = o.id.as_deref() else {
                    return false;
                };
                if oid == t || oid.starts_with(t) && oid[t.len()..].starts_with('/') {
                    return false;
                }
                let ob = o.shape.bounds();
                ob.w * ob.h < area * 0.5
                    && ob.x >= b.x
                    && ob.y >= b.y
                    && ob.x + ob.w <= b.x + b.w
                    && ob.y + ob.h <= b.y + b.h
            });
            if let Some(o) = inner {
                problems.push(format!(
                    "{:?} targets {t:?}, an area around another component ({:?}): target the component it is about",
                    l.label,
                    o.id.as_deref().unwrap_or_default()
                ));
            }
        }
        problems
    }

    /// Every image `scene` names exists in the game's art, and every drawing is an SVG
    /// with a `viewBox` (the host fits it by its aspect). The error lists what is wrong.
    pub fn check_art<G: Game>(scene: &crate::scene::Scene) -> Result<(), String> {
        let mut problems: Vec<String> = missing_art::<G>(scene)
            .into_iter()
            .map(|id| format!("the scene names image {id:?}, which the game's art lacks"))
            .collect();
        for a in G::art() {
            if !a.svg.trim_start().starts_with("<svg") || !a.svg.contains("viewBox") {
                problems.push(format!("art {:?} is not an SVG with a viewBox", a.id));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }

    /// Result of one random game.
    pub struct RandomGame<G> {
        pub final_state: G,
        pub actions: usize,
        pub outcome: Outcome,
    }

    /// Plays a complete game with uniformly random choices, calling `invariant` after
    /// every action, and checks the generic contract on the way: legal actions exist
    /// whenever a seat must act, views serialize, the game ends within `max_actions`,
    /// and the outcome's breakdowns add up.
    pub fn random_game<G: Game>(
        setup: &Setup,
        seed: u64,
        max_actions: usize,
        mut invariant: impl FnMut(&G),
    ) -> RandomGame<G> {
        let mut rng = GameRng::new(seed);
        let mut state = G::new(setup).expect("setup");
        invariant(&state);
        let mut actions = 0;
        loop {
            let to_act = state.to_act();
            let (seat, action) = match &to_act {
                ToAct::Over => break,
                ToAct::Chance => (None, state.sample_chance(&mut rng)),
                ToAct::Seats(seats) => {
                    assert!(!seats.is_empty(), "to_act names no seat");
                    let s = seats[rng.random_range(0..seats.len())];
                    let legal = state.legal_actions(s);
                    assert!(
                        !legal.is_empty(),
                        "seat {s} must act but has no legal action"
                    );
                    (Some(s), legal[rng.random_range(0..legal.len())].clone())
                }
            };
            assert_eq!(
                state.whose_turn(),
                Turn::of(&to_act),
                "whose_turn disagrees with to_act"
            );
            // Every 16th action, the playout hooks must do what the originals do.
            let before = (actions % 16 == 0).then(|| state.clone());
            if let (Some(b), Some(s)) = (&before, seat) {
                let mut listed = Vec::new();
                b.legal_actions_into(s, &mut listed);
                assert_eq!(listed, b.legal_actions(s), "legal_actions_into disagrees");
                // `tavern play` and `ApplyIndex` pick by position, so the labelled list
                // must name the same actions in the same order.
                let labelled: Vec<G::Action> = b.legal(s).into_iter().map(|l| l.action).collect();
                assert_eq!(
                    labelled, listed,
                    "legal() and legal_actions() list different actions or orders"
                );
            }
            // The action comes from `legal_actions` (or `sample_chance`), so the legality
            // re-check and state copy of `apply_checked` would only slow the test down;
            // replay tests use `apply_checked`.
            state.apply(seat, &action).unwrap_or_else(|e| {
                panic!("random legal action {action:?} by {seat:?} refused: {e}")
            });
            if let Some(mut quiet) = before {
                quiet
                    .apply_quiet(seat, &action)
                    .unwrap_or_else(|e| panic!("apply_quiet refused {action:?}: {e}"));
                assert_eq!(
                    serde_json::to_string(&quiet).ok(),
                    serde_json::to_string(&state).ok(),
                    "apply_quiet changed the state differently from apply"
                );
            }
            actions += 1;
            invariant(&state);
            assert!(
                actions <= max_actions,
                "game did not end within {max_actions} actions"
            );
        }
        let outcome = state.outcome().expect("outcome when over");
        assert_eq!(outcome.scores.len(), setup.seats.len());
        assert_eq!(outcome.rank.len(), setup.seats.len());
        for s in &outcome.scores {
            let sum: i64 = s.breakdown.iter().map(|l| l.points).sum();
            assert_eq!(sum, s.total, "breakdown does not add up to the total");
        }
        assert!(
            outcome.rank.contains(&0) || outcome.others.iter().any(|o| o.rank == 0),
            "nobody ranked first"
        );
        RandomGame {
            final_state: state,
            actions,
            outcome,
        }
    }

    /// The next step of a uniformly random game: a sampled chance outcome, or a random
    /// legal action of a random seat to act; `None` once the game is over. Tests walk
    /// games with `while let Some((seat, a)) = random_move(&g, &mut rng) { .. }`.
    pub fn random_move<G: Game>(
        state: &G,
        rng: &mut GameRng,
    ) -> Option<(Option<usize>, G::Action)> {
        match state.to_act() {
            ToAct::Over => None,
            ToAct::Chance => Some((None, state.sample_chance(rng))),
            ToAct::Seats(seats) => {
                let s = seats[rng.random_range(0..seats.len())];
                let mut legal = state.legal_actions(s);
                assert!(
                    !legal.is_empty(),
                    "seat {s} must act but has no legal action"
                );
                Some((Some(s), legal.swap_remove(rng.random_range(0..legal.len()))))
            }
        }
    }

    /// The save-file round trip every game must pass: plays a random game through
    /// `apply_checked`, keeps the log as JSON text the way a save does, replays it from
    /// `new`, and checks that both end in the same state (compared as JSON) with the same
    /// outcome, and that the state survives its own serde round trip. Returns the state.
    pub fn replay_round_trip<G: Game>(setup: &Setup, seed: u64, max_actions: usize) -> G {
        let mut rng = GameRng::new(seed);
        let mut played = G::new(setup).expect("setup");
        let mut log: Vec<(Option<usize>, String)> = Vec::new();
        while let Some((seat, action)) = random_move(&played, &mut rng) {
            apply_checked(&mut played, seat, &action)
                .unwrap_or_else(|e| panic!("{action:?} by {seat:?} refused: {e}"));
            log.push((
                seat,
                serde_json::to_string(&action).expect("action to JSON"),
            ));
            assert!(log.len() <= max_actions, "game did not end");
        }
        let mut replayed = G::new(setup).expect("setup");
        for (i, (seat, text)) in log.iter().enumerate() {
            let action: G::Action = serde_json::from_str(text).expect("action from JSON");
            apply_checked(&mut replayed, *seat, &action)
                .unwrap_or_else(|e| panic!("action {i} ({text}) does not replay: {e}"));
        }
        let json = |g: &G| serde_json::to_string(g).expect("state to JSON");
        assert_eq!(
            json(&played),
            json(&replayed),
            "replay reached another state"
        );
        assert_eq!(played.outcome(), replayed.outcome());
        let back: G = serde_json::from_str(&json(&played)).expect("state from JSON");
        assert_eq!(
            json(&back),
            json(&played),
            "state changed in its serde round trip"
        );
        played
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{Outcome, SeatScore};
    use serde::Deserialize;

    /// A village panel with a villager inside: "Labor" aimed at the panel is reported (a
    /// click on the villager would start it), aimed at the villager it passes, and a
    /// target that is not drawn at all is reported as missing.
    #[test]
    fn table_targets_name_their_component() {
        use crate::scene::{Color, Scene, rect};
        let mut scene = Scene::new(400.0, 300.0);
        let c = Color(0, 0, 0, 255);
        scene
            .rect(rect(0.0, 0.0, 400.0, 300.0), c, 0.0)
            .id("village");
        scene
            .rect(rect(10.0, 10.0, 40.0, 40.0), c, 0.0)
            .id("villager:bram");
        scene
            .rect(rect(100.0, 10.0, 40.0, 40.0), c, 0.0)
            .id("villager:bram/badge");
        let on_panel = [Legal::new(0u8, "Labor").at("village")];
        let problems = check::target_problems_in(&scene, &on_panel);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("villager:bram"), "{problems:?}");
        let on_villager = [Legal::new(0u8, "Labor").at("villager:bram")];
        assert!(check::target_problems_in(&scene, &on_villager).is_empty());
        let untargeted = [Legal::new(0u8, "Pass")];
        assert!(check::target_problems_in(&scene, &untargeted).is_empty());
        let missing = [Legal::new(0u8, "Build").at("space:7")];
        let problems = check::target_problems_in(&scene, &missing);
        assert!(problems[0].contains("not on the table"), "{problems:?}");
    }

    /// A die is rolled, then seat 0 bids 0..=3 on it; the game ends. Just enough game to
    /// exercise the contract's generic parts.
    #[derive(Clone, Serialize, Deserialize)]
    struct Roll {
        die: Option<u8>,
        bid: Option<u8>,
    }

    impl Game for Roll {
        type Action = u8;
        fn info() -> GameInfo {
            GameInfo {
                id: "roll".into(),
                name: "Roll".into(),
                version: "0".into(),
                description: String::new(),
                min_players: 1,
                max_players: 1,
                options: Vec::new(),
                hidden_information: false,
                rules: String::new(),
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Roll {
                die: None,
                bid: None,
            })
        }
        fn to_act(&self) -> ToAct {
            match (self.die, self.bid) {
                (None, _) => ToAct::Chance,
                (Some(_), None) => ToAct::Seats(vec![0]),
                _ => ToAct::Over,
            }
        }
        fn sample_chance(&self, rng: &mut GameRng) -> u8 {
            rng.die(6) as u8
        }
        fn chance_outcomes(&self) -> Option<Vec<u8>> {
            Some((1..=6).collect())
        }
        fn legal(&self, _: usize) -> Vec<Legal<u8>> {
            (0..=3)
                .map(|b| Legal::new(b, format!("Bid {b}")).number("Bid", b as i64))
                .collect()
        }
        fn apply(&mut self, seat: Option<usize>, a: &u8) -> Result<Applied, GameError> {
            if seat.is_none() {
                self.die = Some(*a);
                Ok(Applied::reveal("The die is rolled")
                    .with_private_for(0, format!("You rolled {a}")))
            } else {
                self.bid = Some(*a);
                Ok(Applied::public(format!("Bids {a}")))
            }
        }
        fn view(&self, _: Option<usize>) -> View {
            View::default()
        }
        fn outcome(&self) -> Option<Outcome> {
            let b = self.bid? as i64;
            Some(Outcome::new(
                vec![SeatScore::from_lines(vec![("Bid", b)])],
                vec![0],
            ))
        }
        fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    #[test]
    fn chance_outcome_outside_the_list_is_refused() {
        let mut g = Roll::new(&Setup::players(1)).unwrap();
        let err = apply_checked(&mut g, None, &7).unwrap_err();
        assert!(err.0.contains("could not have happened"), "{err}");
        assert!(g.die.is_none(), "a refused outcome changes nothing");
        apply_checked(&mut g, None, &6).unwrap();
        assert_eq!(g.die, Some(6));
    }

    #[test]
    fn private_text_goes_to_its_seat_only() {
        let mut g = Roll::new(&Setup::players(1)).unwrap();
        let applied = apply_checked(&mut g, None, &3).unwrap();
        assert_eq!(applied.text_for(None, Some(0)), "You rolled 3");
        assert_eq!(applied.text_for(None, Some(1)), "The die is rolled");
        assert_eq!(applied.text_for(None, None), "The die is rolled");
        let acted = Applied::public("Takes a card").with_private("Takes the red 4");
        assert_eq!(acted.text_for(Some(1), Some(1)), "Takes the red 4");
        assert_eq!(acted.text_for(Some(1), Some(0)), "Takes a card");
    }

    #[test]
    fn number_choices_keep_their_group_and_value() {
        let g = Roll {
            die: Some(2),
            bid: None,
        };
        let kinds: Vec<ChoiceKind> = g.legal(0).into_iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds[2],
            ChoiceKind::Number {
                group: "Bid".into(),
                value: 2
            }
        );
        let r = check::random_game::<Roll>(&Setup::players(1), 5, 10, |_| {});
        assert_eq!(r.actions, 2);
    }

    #[test]
    fn a_scene_naming_an_image_the_game_lacks_fails_the_art_check() {
        use crate::scene::{Scene, rect};
        // Roll ships no art: any image is missing, and a scene without images passes.
        let mut s = Scene::new(100.0, 100.0);
        assert_eq!(check::check_art::<Roll>(&s), Ok(()));
        s.image(rect(0.0, 0.0, 10.0, 10.0), "die-face", "A die");
        s.image(rect(20.0, 0.0, 10.0, 10.0), "die-face", "Another die");
        assert_eq!(check::missing_art::<Roll>(&s), vec!["die-face".to_string()]);
        let err = check::check_art::<Roll>(&s).unwrap_err();
        assert!(err.contains("\"die-face\""), "{err}");
    }

    #[test]
    fn scaled_counts_never_reach_zero() {
        // The setting is read from the environment; whatever it is, a count stays >= 1.
        assert!(check::scaled(1) >= 1);
        assert!(check::scaled(0) >= 1);
    }
}
