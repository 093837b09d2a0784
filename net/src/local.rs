//! A [`Backend`] over a plugin-api [`Game`] in this process, with no plugin library and
//! no host: what net's own tests, the leak test over every game and the bench drive the
//! authority with. It keeps a log as the host's session does (chance sampled as soon as
//! it is due, from the seed and the log position) and rewinds by replaying from the
//! start.

use serde_json::Value;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::proto::{RatedAction, SearchReport};
use tavern_plugin_api::rng::GameRng;
use tavern_plugin_api::rng::step_seed;
use tavern_plugin_api::search::Limits;
use tavern_plugin_api::{ActionEntry, ChoiceKind, Game, Outcome, Setup, ToAct, View};

use crate::backend::{BResult, Backend, BackendError, BotJob, Decision, HintJob, LogItem, Preview};

/// One logged decision, as actions of the game.
#[derive(Clone, Debug)]
struct Entry<A> {
    seat: Option<usize>,
    steps: Vec<A>,
    action: A,
}

#[derive(Clone)]
pub struct GameBackend<G: Game> {
    start: G,
    state: G,
    seed: u64,
    names: Vec<String>,
    history: Vec<Entry<G::Action>>,
    log: Vec<LogItem>,
    /// The game's id, name and version, asked once (every frame names the game, and a
    /// game's `info` builds its whole description).
    info: (String, String, String),
    /// Iterations a bot's search may run (small: tests want speed, not strength).
    pub bot_iterations: u32,
}

/// The most chance steps in a row before the backend calls the game broken.
const MAX_CHANCE_RUN: usize = 10_000;

fn illegal(e: impl std::fmt::Display) -> BackendError {
    BackendError::Illegal(e.to_string())
}

impl<G: Game> GameBackend<G> {
    /// A new game from `setup`, its setup's chance steps sampled.
    pub fn new(setup: &Setup) -> BResult<GameBackend<G>> {
        let start = G::new(setup).map_err(illegal)?;
        let mut b = GameBackend {
            state: start.clone(),
            start,
            seed: setup.seed,
            names: setup.seats.iter().map(|s| s.name.clone()).collect(),
            history: Vec::new(),
            log: Vec::new(),
            info: {
                let i = G::info();
                (i.id, i.name, i.version)
            },
            bot_iterations: 200,
        };
        b.run_chance()?;
        Ok(b)
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    /// A twin for `viewer`: the same log and table, the state re-dealt by the game's
    /// `determinize(viewer)`: what that seat cannot tell apart from the real game.
    pub fn twin(&self, viewer: usize, rng: &mut GameRng) -> GameBackend<G> {
        let mut t = self.clone();
        t.state = self.state.determinize(viewer, rng);
        t
    }

    /// The log as (seat, steps, action) JSON, to compare with a host's save.
    pub fn actions(&self) -> Vec<(Option<usize>, Vec<Value>, Value)> {
        let js = |a: &G::Action| serde_json::to_value(a).unwrap_or(Value::Null);
        self.history
            .iter()
            .map(|e| (e.seat, e.steps.iter().map(js).collect(), js(&e.action)))
            .collect()
    }

    fn action_of(v: &Value) -> BResult<G::Action> {
        serde_json::from_value(v.clone()).map_err(|e| illegal(format!("not an action: {e}")))
    }

    fn run_chance(&mut self) -> BResult<()> {
        for _ in 0..MAX_CHANCE_RUN {
            if self.state.to_act() != ToAct::Chance {
                return Ok(());
            }
            let mut rng = GameRng::new(step_seed(self.seed, self.log.len()));
            let outcome = self.state.sample_chance(&mut rng);
            let applied = apply_checked(&mut self.state, None, &outcome).map_err(illegal)?;
            self.push(None, Vec::new(), outcome, applied);
        }
        Err(BackendError::Failed("chance steps without end".into()))
    }

    fn push(
        &mut self,
        seat: Option<usize>,
        steps: Vec<G::Action>,
        action: G::Action,
        a: tavern_plugin_api::game::Applied,
    ) {
        self.history.push(Entry {
            seat,
            steps,
            action,
        });
        self.log.push(LogItem {
            seat,
            label: a.label,
            private_label: a.private_label,
            private_for: a.private_for,
            reveal: a.reveal,
            routine: a.routine,
            section: a.section,
        });
    }

    fn entries_of(state: &G, seat: usize) -> Vec<ActionEntry> {
        state
            .legal(seat)
            .into_iter()
            .map(|l| ActionEntry {
                action: serde_json::to_value(&l.action).unwrap_or(Value::Null),
                label: l.label,
                target: l.target,
                kind: l.kind,
                spends: G::MARKS_SPENDING.then_some(l.spends),
                default: l.default,
            })
            .collect()
    }

    fn with_steps(&self, seat: usize, steps: &[Value]) -> BResult<G> {
        let mut copy = self.state.clone();
        for (i, s) in steps.iter().enumerate() {
            apply_checked(&mut copy, Some(seat), &Self::action_of(s)?)
                .map_err(|e| illegal(format!("step {} of the plan: {e}", i + 1)))?;
        }
        Ok(copy)
    }
}

impl<G: Game> Backend for GameBackend<G> {
    fn game_id(&self) -> String {
        self.info.0.clone()
    }
    fn game_name(&self) -> String {
        self.info.1.clone()
    }
    fn game_version(&self) -> String {
        self.info.2.clone()
    }
    fn seat_count(&self) -> usize {
        self.names.len()
    }
    fn seat_name(&self, seat: usize) -> String {
        self.names.get(seat).cloned().unwrap_or_default()
    }
    fn to_act(&self) -> BResult<ToAct> {
        Ok(self.state.to_act())
    }
    fn legal(&self, seat: usize) -> BResult<Vec<ActionEntry>> {
        Ok(Self::entries_of(&self.state, seat))
    }
    fn view(&self, viewer: Option<usize>) -> BResult<View> {
        Ok(self.state.view(viewer))
    }
    fn outcome(&self) -> BResult<Option<Outcome>> {
        Ok(self.state.outcome())
    }

    fn apply_plan(&mut self, seat: usize, steps: &[Value], action: Value) -> BResult<()> {
        let mut next = self.with_steps(seat, steps)?;
        let action = Self::action_of(&action)?;
        let applied = apply_checked(&mut next, Some(seat), &action).map_err(illegal)?;
        let steps = steps
            .iter()
            .map(Self::action_of)
            .collect::<BResult<Vec<_>>>()?;
        self.state = next;
        self.push(Some(seat), steps, action, applied);
        self.run_chance()
    }

    fn preview(&self, seat: usize, steps: &[Value]) -> BResult<Preview> {
        let copy = self.with_steps(seat, steps)?;
        Ok(Preview {
            to_act: copy.to_act(),
            view: copy.view(Some(seat)),
            legal: Self::entries_of(&copy, seat),
        })
    }

    fn log_len(&self) -> usize {
        self.log.len()
    }
    fn log_items(&self, from: usize) -> Vec<LogItem> {
        self.log.get(from..).unwrap_or_default().to_vec()
    }

    fn rewind(&mut self, position: usize) -> BResult<()> {
        let mut state = self.start.clone();
        for e in self.history.iter().take(position) {
            for s in &e.steps {
                apply_checked(&mut state, e.seat, s).map_err(illegal)?;
            }
            apply_checked(&mut state, e.seat, &e.action).map_err(illegal)?;
        }
        self.state = state;
        self.history.truncate(position);
        self.log.truncate(position);
        Ok(())
    }

    fn bot_job(&self, seat: usize, _level: u8) -> BResult<BotJob> {
        let mut copy = self.state.clone();
        let seed = step_seed(self.seed ^ 0xB07, self.log.len());
        let iterations = self.bot_iterations;
        Ok(Box::new(move || {
            let mut steps = Vec::new();
            let mut rng = GameRng::new(seed);
            for _ in 0..256 {
                let a = tavern_plugin_api::bot::choose_within(
                    &copy,
                    seat,
                    Limits::iterations(iterations),
                    &mut rng,
                )
                .ok_or_else(|| BackendError::Failed("the bot found nothing to do".into()))?;
                let is_step = copy
                    .legal(seat)
                    .iter()
                    .any(|l| l.action == a && l.kind == ChoiceKind::Step);
                let js = serde_json::to_value(&a).map_err(illegal)?;
                if !is_step {
                    return Ok(Decision { steps, action: js });
                }
                apply_checked(&mut copy, Some(seat), &a).map_err(illegal)?;
                steps.push(js);
            }
            Err(BackendError::Failed("a plan without end".into()))
        }))
    }

    fn hint_job(&self, seat: usize, steps: &[Value]) -> BResult<HintJob> {
        let copy = self.with_steps(seat, steps)?;
        // The seed and the position only: a twin of the state searches alike.
        let seed = step_seed(self.seed ^ 0x4171, self.log.len() * 64 + steps.len());
        let iterations = self.bot_iterations;
        Ok(Box::new(move || {
            let method = tavern_plugin_api::bot::Method::Tree(Limits::iterations(iterations));
            let report = tavern_plugin_api::bot::think(
                &copy,
                seat,
                method,
                &mut GameRng::new(seed),
                &|| false,
            )
            .ok_or_else(|| BackendError::Illegal(format!("seat {seat} has nothing to do")))?;
            let legal = copy.legal(seat);
            let candidates = report
                .candidates
                .iter()
                .map(|r| {
                    Ok(RatedAction {
                        action: serde_json::to_value(&r.action).map_err(illegal)?,
                        label: legal
                            .iter()
                            .find(|l| l.action == r.action)
                            .map(|l| l.label.clone())
                            .unwrap_or_default(),
                        visits: r.visits,
                        win: r.win,
                        value: r.value,
                        margin: r.margin,
                    })
                })
                .collect::<BResult<Vec<_>>>()?;
            Ok(SearchReport {
                candidates,
                iterations: report.iterations,
                seconds: report.seconds,
                stopped: report.stopped,
            })
        }))
    }
}
