//! A guided first game ("Learn to play") as data the host plays: a fixed setup and seed,
//! the student's seat, and a script of steps. The game supplies only the text
//! ([`crate::Game::lesson`], usually `include_str!` of `resources/<game>/lesson.json`);
//! the host shows the guide, highlights the target, accepts only the lesson's moves and
//! plays the scripted opponents. [`check`] plays a script without a host, the same way the
//! host's session does (chance outcomes drawn with [`crate::rng::step_seed`] at each log
//! position), so every game's tests can keep its lesson playable.
//!
//! A step is one of:
//! - `{"do": "play", "say": "...", "accept": [{"action": A, "then": "..."}], ...}`: the
//!   student's move. The guide shows `say`; the table highlights `highlight` (or the first
//!   accepted action's target); any move other than the accepted ones is refused with
//!   "Not yet: `not_yet`" (or `say`). After the move, the guide shows its `then`, if any.
//!   The script goes on along the first accepted move; every other accepted move must
//!   keep the rest of the script playable too ([`check`] tries each).
//! - `{"do": "bot", "action": A, "say": "..."}`: an opponent's scripted move (the seat to
//!   act other than the student's, or `seat`); `say` explains it. With `seat` the
//!   student's own, the guide makes the student's move for them to watch, so a long
//!   lesson can show a round rather than have every move of it clicked.
//! - `{"do": "explain", "say": "..."}`: a pause with Continue, to explain what just
//!   happened (a reveal, a score, the end of a round).
//!
//! Chance steps are not written: they follow by themselves, as in a game. Passes of
//! optional responses are written like any other move (the table does not answer them
//! by itself in a lesson, so the guide can say why nothing happens).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{Game, apply_checked};
use crate::proto::{ChoiceKind, SeatKind, SeatSetup, Setup, ToAct};
use crate::rng::{GameRng, step_seed};

/// A lesson as its file holds it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Lesson {
    /// "Your first game of Dragonkeepers".
    pub title: String,
    /// About how long it takes, for the launcher.
    pub minutes: u32,
    /// The seats' names, in seat order; the student's is the player's own.
    pub seats: Vec<String>,
    /// The student's seat.
    pub student: usize,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    /// Shown before the first step.
    pub intro: String,
    pub steps: Vec<Step>,
    /// Shown at the end: how the final scores are made, what to try next.
    pub finale: String,
}

/// One step of a lesson (see the module notes).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Step {
    Play {
        say: String,
        /// A scene id to highlight; the first accepted action's target when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        highlight: Option<String>,
        accept: Vec<Accept>,
        /// What a refused click is told after "Not yet: ".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not_yet: Option<String>,
    },
    Bot {
        action: Value,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        say: Option<String>,
    },
    Explain {
        say: String,
    },
}

/// A move the lesson accepts at a step.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Accept {
    pub action: Value,
    /// What it leads to, shown after it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
}

impl Lesson {
    /// Reads a lesson file, with the place of a syntax error.
    pub fn parse(text: &str) -> Result<Lesson, String> {
        serde_json::from_str(text).map_err(|e| format!("the lesson does not read: {e}"))
    }

    /// The game's setup: the student human, every other seat a bot.
    pub fn setup(&self) -> Setup {
        Setup {
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, name)| SeatSetup {
                    name: name.clone(),
                    kind: if i == self.student {
                        SeatKind::Human
                    } else {
                        SeatKind::Bot { level: 1 }
                    },
                })
                .collect(),
            options: self.options.clone(),
            seed: self.seed,
        }
    }

    /// What is wrong with the lesson's shape before any move is played (a student seat
    /// that does not exist, no steps); `None` when it is sound.
    pub fn shape_problem(&self) -> Option<String> {
        if self.student >= self.seats.len() {
            return Some(format!(
                "the student's seat {} is not one of the {} seats",
                self.student,
                self.seats.len()
            ));
        }
        self.steps
            .is_empty()
            .then(|| "the lesson has no steps".to_string())
    }

    /// How many of the steps are the student's moves (the guide's "step 3 of 12").
    pub fn moves(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Play { .. }))
            .count()
    }

    /// How long a newcomer takes through the lesson, by the model in [`Pace`]: what the
    /// guide says along the main line read at an unhurried pace, each move found and
    /// made, each scripted move watched, each explanation continued.
    pub fn estimate(&self) -> Estimate {
        let words = |s: &str| s.split_whitespace().count();
        let mut e = Estimate {
            words: words(&self.intro) + words(&self.finale),
            ..Estimate::default()
        };
        for step in &self.steps {
            match step {
                Step::Play { say, accept, .. } => {
                    e.moves += 1;
                    e.words += words(say);
                    e.words += accept
                        .first()
                        .and_then(|a| a.then.as_deref())
                        .map_or(0, words);
                }
                Step::Bot { say, .. } => {
                    e.watched += 1;
                    e.words += say.as_deref().map_or(0, words);
                }
                Step::Explain { say } => {
                    e.explains += 1;
                    e.words += words(say);
                }
            }
        }
        e
    }
}

/// The newcomer the lesson time is estimated for ([`Lesson::estimate`]): reading more
/// slowly than adults read non-fiction (about 240 words a minute on average), since the
/// words name things on an unfamiliar table; a few seconds to find the outlined target,
/// click it and see what it did; the table's pause (1.2 s) and a glance for each
/// scripted move (its words are counted as reading); a moment at each Continue.
pub struct Pace;

impl Pace {
    pub const WORDS_PER_MINUTE: f64 = 200.0;
    pub const SECONDS_PER_MOVE: f64 = 6.0;
    pub const SECONDS_PER_WATCHED: f64 = 1.5;
    pub const SECONDS_PER_CONTINUE: f64 = 2.0;
}

/// What a lesson asks of a newcomer, counted along its main line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    /// Words the guide says (intro, steps, what moves led to, finale).
    pub words: usize,
    /// The student's own moves.
    pub moves: usize,
    /// Scripted moves the student watches (the opponents', and the guide's for them).
    pub watched: usize,
    /// Explanations closed with Continue.
    pub explains: usize,
}

impl Estimate {
    /// Minutes, by [`Pace`].
    pub fn minutes(&self) -> f64 {
        let seconds = self.words as f64 * 60.0 / Pace::WORDS_PER_MINUTE
            + self.moves as f64 * Pace::SECONDS_PER_MOVE
            + self.watched as f64 * Pace::SECONDS_PER_WATCHED
            + self.explains as f64 * Pace::SECONDS_PER_CONTINUE;
        seconds / 60.0
    }
}

/// What [`check`] found in a playable lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Log entries the main line ends with (chance steps included).
    pub entries: usize,
    /// The game ended within the script.
    pub finished: bool,
}

/// Plays `lesson` as the host would and reports the first step that does not fit: a
/// scripted move that is not legal then, a student's step when the student is not to
/// act, a highlight that is not an item of the student's view. Every accepted
/// alternative is played to the end of the script too.
pub fn check<G: Game>(lesson: &Lesson) -> Result<Checked, String> {
    if let Some(p) = lesson.shape_problem() {
        return Err(p);
    }
    walk::<G>(lesson, Run::start(lesson)?, 0)
}

/// Refuses a move of the student's seat by the other hand than the steps of the plan it
/// has open (`by_guide`): the table keeps the guide's steps for the student apart from
/// the student's own plan, so a plan shared between them would lose one half.
pub fn one_hand(by_guide: Option<bool>, guide: bool) -> Result<(), String> {
    match by_guide {
        Some(g) if g != guide => Err(format!(
            "the student's plan is taken partly by {} and then by {}: a plan has one hand \
             (let the guide make the whole plan, or the student)",
            if g { "the guide" } else { "the student" },
            if guide { "the guide" } else { "the student" },
        )),
        _ => Ok(()),
    }
}

/// A position of the lesson's game, counted as the host's log counts it.
struct Run<G> {
    state: G,
    /// Log entries so far: one per move (a plan's steps go with the move that confirms
    /// them) and one per chance outcome.
    entries: usize,
    /// A plan's tentative steps were taken and not yet confirmed.
    in_plan: bool,
    /// Whether the guide (not the student) took the steps of the student's open plan.
    student_plan_by_guide: Option<bool>,
}

impl<G: Game> Clone for Run<G> {
    fn clone(&self) -> Self {
        Run {
            state: self.state.clone(),
            entries: self.entries,
            in_plan: self.in_plan,
            student_plan_by_guide: self.student_plan_by_guide,
        }
    }
}

impl<G: Game> Run<G> {
    /// The lesson's game from its setup, its first chance steps drawn.
    fn start(lesson: &Lesson) -> Result<Run<G>, String> {
        let state =
            G::new(&lesson.setup()).map_err(|e| format!("the setup is refused: {}", e.0))?;
        let mut run = Run {
            state,
            entries: 0,
            in_plan: false,
            student_plan_by_guide: None,
        };
        run.chance(lesson.seed)?;
        Ok(run)
    }

    fn chance(&mut self, seed: u64) -> Result<(), String> {
        for _ in 0..10_000 {
            if self.state.to_act() != ToAct::Chance {
                return Ok(());
            }
            let outcome = self
                .state
                .sample_chance(&mut GameRng::new(step_seed(seed, self.entries)));
            apply_checked(&mut self.state, None, &outcome)
                .map_err(|e| format!("a chance step failed: {}", e.0))?;
            self.entries += 1;
        }
        Err("the game asked for chance steps without end".into())
    }

    /// Applies `seat`'s move given as JSON, then the chance steps after it; returns the
    /// move's log line. `hand` is (the student's seat, whether the guide makes the move).
    fn play(
        &mut self,
        seat: usize,
        action: &Value,
        seed: u64,
        (student, guide): (usize, bool),
    ) -> Result<String, String> {
        if seat == student {
            one_hand(self.student_plan_by_guide, guide)?;
        }
        let legal = self.state.legal(seat);
        let Some(l) = legal
            .iter()
            .find(|l| serde_json::to_value(&l.action).is_ok_and(|v| &v == action))
        else {
            let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).take(12).collect();
            return Err(format!(
                "{action} is not legal for seat {seat}; legal now: {}",
                labels.join(" | ")
            ));
        };
        let step = l.kind == ChoiceKind::Step;
        let a = l.action.clone();
        let label = apply_checked(&mut self.state, Some(seat), &a)
            .map_err(|e| e.0)?
            .label;
        if seat == student {
            self.student_plan_by_guide = step.then_some(guide);
        }
        if step {
            self.in_plan = true;
        } else {
            self.in_plan = false;
            self.entries += 1;
            self.chance(seed)?;
        }
        Ok(label)
    }

    fn to_act(&self) -> Vec<usize> {
        match self.state.to_act() {
            ToAct::Seats(s) => s,
            _ => Vec::new(),
        }
    }
}

fn walk<G: Game>(lesson: &Lesson, mut run: Run<G>, from: usize) -> Result<Checked, String> {
    let student = lesson.student;
    for (i, step) in lesson.steps.iter().enumerate().skip(from) {
        let at = |m: String| format!("step {} ({}): {m}", i + 1, step_name(step));
        match step {
            Step::Explain { .. } => {}
            Step::Bot { action, seat, .. } => {
                let acting = run.to_act();
                let seat = match seat {
                    Some(s) => *s,
                    None => match acting.iter().find(|&&s| s != student) {
                        Some(&s) => s,
                        None => return Err(at("no opponent is to act".into())),
                    },
                };
                // A step naming the student's own seat is the guide making the
                // student's move for them to watch (a round shown rather than played).
                if !acting.contains(&seat) {
                    return Err(at(format!(
                        "seat {seat} is not to act (to act: {acting:?})"
                    )));
                }
                run.play(seat, action, lesson.seed, (student, true))
                    .map_err(at)?;
            }
            Step::Play {
                highlight, accept, ..
            } => {
                if !run.to_act().contains(&student) {
                    return Err(at(format!(
                        "the student is not to act (to act: {:?})",
                        run.to_act()
                    )));
                }
                let Some(first) = accept.first() else {
                    return Err(at("accepts no move".into()));
                };
                let legal = run.state.legal(student);
                let target = highlight.clone().or_else(|| {
                    legal
                        .iter()
                        .find(|l| serde_json::to_value(&l.action).is_ok_and(|v| v == first.action))
                        .and_then(|l| l.target.clone())
                });
                if let Some(t) = target {
                    let scene = run.state.view(Some(student)).scene;
                    if !scene
                        .items
                        .iter()
                        .any(|it| it.id.as_deref() == Some(t.as_str()))
                    {
                        return Err(at(format!(
                            "highlights {t:?}, which is not on the student's table"
                        )));
                    }
                }
                for other in &accept[1..] {
                    let mut alt = run.clone();
                    alt.play(student, &other.action, lesson.seed, (student, false))
                        .map_err(at)?;
                    walk::<G>(lesson, alt, i + 1)
                        .map_err(|e| format!("after the alternative {}: {e}", other.action))?;
                }
                run.play(student, &first.action, lesson.seed, (student, false))
                    .map_err(at)?;
            }
        }
    }
    if run.in_plan {
        return Err("the script ends in the middle of a plan".into());
    }
    Ok(Checked {
        entries: run.entries,
        finished: run.state.to_act() == ToAct::Over,
    })
}

/// The lesson's main line (the first accepted move at every student step) played
/// in-process: the game where the script ends and the log line of every move, for a
/// game's tests to check what its lesson shows. Every accepted move of every student
/// step must be legal then, and a move with a table target must find it among the
/// student's view's items (the host's lesson kittest clicks those targets); moves
/// without one are listed in [`MainLine::untargeted`].
pub fn main_line<G: Game>(lesson: &Lesson) -> Result<MainLine<G>, String> {
    let mut run = Run::<G>::start(lesson)?;
    let (mut log, mut untargeted) = (Vec::new(), Vec::new());
    for (i, step) in lesson.steps.iter().enumerate() {
        let at = |m: String| format!("step {} ({}): {m}", i + 1, step_name(step));
        let (seat, action, guide) = match step {
            Step::Explain { .. } => continue,
            Step::Bot { action, seat, .. } => {
                let acting = run.to_act();
                let seat = seat
                    .or_else(|| acting.iter().copied().find(|&s| s != lesson.student))
                    .ok_or_else(|| at("no opponent is to act".into()))?;
                (seat, action, true)
            }
            Step::Play { accept, .. } => {
                let legal = run.state.legal(lesson.student);
                let scene = run.state.view(Some(lesson.student)).scene;
                for a in accept {
                    let found = legal
                        .iter()
                        .find(|l| serde_json::to_value(&l.action).is_ok_and(|v| v == a.action))
                        .ok_or_else(|| at(format!("{} is not legal", a.action)))?;
                    let Some(t) = found.target.as_deref() else {
                        untargeted.push(format!("step {}: {}", i + 1, found.label));
                        continue;
                    };
                    if !scene.items.iter().any(|it| it.id.as_deref() == Some(t)) {
                        return Err(at(format!("{t:?} ({}) is not on the table", found.label)));
                    }
                }
                let first = accept.first().ok_or_else(|| at("accepts no move".into()))?;
                (lesson.student, &first.action, false)
            }
        };
        log.push(
            run.play(seat, action, lesson.seed, (lesson.student, guide))
                .map_err(at)?,
        );
    }
    Ok(MainLine {
        state: run.state,
        log,
        untargeted,
    })
}

/// Where a lesson's main line ends ([`main_line`]).
pub struct MainLine<G> {
    pub state: G,
    /// The log line of every move played, the scripted opponents' included.
    pub log: Vec<String>,
    /// Accepted student moves with no table target ("step N: label"): chosen from the
    /// decision panel's list, not by a click on the table.
    pub untargeted: Vec<String>,
}

fn step_name(step: &Step) -> &'static str {
    match step {
        Step::Play { .. } => "play",
        Step::Bot { .. } => "bot",
        Step::Explain { .. } => "explain",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Applied, GameError, Legal};
    use crate::proto::{GameInfo, Outcome, SeatScore, View};
    use crate::scene::{Color, Scene, rect};
    use rand::RngExt;

    /// Take 1 or 2 stones from a heap of 6; after each take a die (1 or 2) is rolled
    /// into the taker's score. The heap's stones are items "stone:N" of the scene.
    #[derive(Clone, serde::Serialize, serde::Deserialize)]
    struct Heap {
        heap: u32,
        turn: usize,
        rolling: bool,
        score: [i64; 2],
    }

    impl Game for Heap {
        type Action = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "heap".into(),
                name: "Heap".into(),
                version: "0".into(),
                description: String::new(),
                min_players: 2,
                max_players: 2,
                options: Vec::new(),
                hidden_information: false,
                rules: String::new(),
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Heap {
                heap: 6,
                turn: 0,
                rolling: false,
                score: [0, 0],
            })
        }
        fn to_act(&self) -> ToAct {
            if self.rolling {
                ToAct::Chance
            } else if self.heap == 0 {
                ToAct::Over
            } else {
                ToAct::Seats(vec![self.turn])
            }
        }
        fn sample_chance(&self, rng: &mut GameRng) -> u32 {
            rng.random_range(1..=2)
        }
        fn legal(&self, seat: usize) -> Vec<Legal<u32>> {
            if self.rolling || seat != self.turn {
                return Vec::new();
            }
            // 0 marks a stone: a plan's step, taken for good with the take after it.
            (1..=self.heap.min(2))
                .map(|t| Legal::new(t, format!("Take {t}")).at(format!("stone:{t}")))
                .chain([Legal::new(0, "Mark a stone").step()])
                .collect()
        }
        fn apply(&mut self, seat: Option<usize>, a: &u32) -> Result<Applied, GameError> {
            if *a == 0 && seat.is_some() {
                return Ok(Applied::public("marked"));
            }
            if seat.is_none() {
                self.score[self.turn] += *a as i64;
                self.rolling = false;
                self.turn = 1 - self.turn;
            } else {
                self.heap -= a;
                self.rolling = true;
            }
            Ok(Applied::public("ok"))
        }
        fn view(&self, _: Option<usize>) -> View {
            let mut scene = Scene::new(100.0, 20.0);
            for i in 1..=self.heap {
                scene
                    .rect(rect(i as f32 * 10.0, 0.0, 8.0, 8.0), Color::BLACK, 0.0)
                    .id(format!("stone:{i}"));
            }
            View {
                scene,
                ..Default::default()
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.heap == 0 && !self.rolling).then(|| {
                let scores = (0..2)
                    .map(|s| SeatScore::from_lines(vec![("Dice", self.score[s])]))
                    .collect();
                Outcome::new(scores, vec![0, 0])
            })
        }
        fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    fn lesson(steps: Vec<Step>) -> Lesson {
        Lesson {
            title: "Heap".into(),
            minutes: 1,
            seats: vec!["You".into(), "Teacher".into()],
            student: 0,
            options: BTreeMap::new(),
            seed: 5,
            intro: String::new(),
            steps,
            finale: String::new(),
        }
    }

    fn play(actions: &[u32]) -> Step {
        Step::Play {
            say: "take".into(),
            highlight: None,
            accept: actions
                .iter()
                .map(|a| Accept {
                    action: Value::from(*a),
                    then: None,
                })
                .collect(),
            not_yet: None,
        }
    }

    fn bot(a: u32) -> Step {
        Step::Bot {
            action: Value::from(a),
            seat: None,
            say: None,
        }
    }

    #[test]
    fn a_playable_script_checks_and_counts_the_log_as_the_host_does() {
        let l = lesson(vec![
            play(&[2]),
            bot(2),
            Step::Explain { say: "x".into() },
            play(&[2]),
        ]);
        // Three moves, each followed by one roll.
        assert_eq!(
            check::<Heap>(&l),
            Ok(Checked {
                entries: 6,
                finished: true
            })
        );
        // The text form reads back the same.
        let text = serde_json::to_string(&l).unwrap();
        assert_eq!(Lesson::parse(&text).unwrap(), l);
        assert!(text.contains(r#""do":"play""#));
    }

    #[test]
    fn the_main_line_ends_where_the_script_does_with_each_moves_log_line() {
        let l = lesson(vec![
            play(&[2, 1]),
            bot(2),
            Step::Explain { say: "x".into() },
        ]);
        let ml = main_line::<Heap>(&l).unwrap();
        // The first accepted move is the main line: 6 - 2 - 2.
        assert_eq!(ml.state.heap, 2);
        assert_eq!(ml.log, ["ok", "ok"]);
        assert!(ml.untargeted.is_empty(), "every take is a stone");
        let e = main_line::<Heap>(&lesson(vec![play(&[1, 3])]))
            .err()
            .unwrap();
        assert!(e.starts_with("step 1 (play): 3 is not legal"), "{e}");
    }

    #[test]
    fn an_illegal_move_a_wrong_seat_and_a_missing_highlight_are_named() {
        let e = check::<Heap>(&lesson(vec![play(&[3])])).unwrap_err();
        assert!(e.starts_with("step 1 (play): 3 is not legal"), "{e}");
        let e = check::<Heap>(&lesson(vec![play(&[1]), play(&[1])])).unwrap_err();
        assert!(
            e.contains("step 2 (play): the student is not to act"),
            "{e}"
        );
        let e = check::<Heap>(&lesson(vec![bot(1)])).unwrap_err();
        assert!(e.contains("no opponent is to act"), "{e}");
        let mut l = lesson(vec![play(&[1])]);
        if let Step::Play { highlight, .. } = &mut l.steps[0] {
            *highlight = Some("stone:9".into());
        }
        let e = check::<Heap>(&l).unwrap_err();
        assert!(
            e.contains("\"stone:9\", which is not on the student's table"),
            "{e}"
        );
    }

    #[test]
    fn the_newcomers_time_counts_words_moves_watched_moves_and_continues() {
        let mut l = lesson(vec![
            play(&[2]),
            bot(2),
            Step::Explain { say: "x y".into() },
        ]);
        l.intro = "one two three".into();
        if let Step::Play { accept, .. } = &mut l.steps[0] {
            accept[0].then = Some("four five".into());
        }
        let e = l.estimate();
        assert_eq!(
            e,
            Estimate {
                words: 3 + 1 + 2 + 2,
                moves: 1,
                watched: 1,
                explains: 1
            }
        );
        let seconds = 8.0 * 60.0 / Pace::WORDS_PER_MINUTE
            + Pace::SECONDS_PER_MOVE
            + Pace::SECONDS_PER_WATCHED
            + Pace::SECONDS_PER_CONTINUE;
        assert!((e.minutes() - seconds / 60.0).abs() < 1e-9);
    }

    #[test]
    fn a_plan_of_the_students_is_made_by_one_hand() {
        let for_student = |a: u32| Step::Bot {
            action: Value::from(a),
            seat: Some(0),
            say: None,
        };
        // The student's own plan, or one the guide makes whole, is fine.
        assert!(check::<Heap>(&lesson(vec![play(&[0]), play(&[2]), bot(2)])).is_ok());
        assert!(check::<Heap>(&lesson(vec![for_student(0), for_student(2), bot(2)])).is_ok());
        // Shared either way, it is refused (the table would lose one half).
        for l in [
            lesson(vec![for_student(0), play(&[2])]),
            lesson(vec![play(&[0]), for_student(2)]),
        ] {
            let e = check::<Heap>(&l).unwrap_err();
            assert!(
                e.starts_with("step 2") && e.contains("a plan has one hand"),
                "{e}"
            );
            let e = main_line::<Heap>(&l).err().unwrap();
            assert!(e.contains("a plan has one hand"), "{e}");
        }
    }

    #[test]
    fn every_accepted_alternative_must_keep_the_rest_playable() {
        // Taking 1 or 2 first both leave room for the rest (2 + 2 more of 6).
        assert!(check::<Heap>(&lesson(vec![play(&[2, 1]), bot(2), play(&[2])])).is_ok());
        // The main line takes 1, 2, 2, 1 (all six); with 2 first the last take finds the
        // heap empty and the game over.
        let e =
            check::<Heap>(&lesson(vec![play(&[1, 2]), bot(2), play(&[2]), bot(1)])).unwrap_err();
        assert!(e.starts_with("after the alternative 2"), "{e}");
    }
}
