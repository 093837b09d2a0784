//! Lessons ("Learn to play") at the host: reading a game's lesson, checking it through
//! the real [`Session`] (`tavern lesson GAME --check`), printing it as a readable script,
//! and the [`Guide`] the table follows step by step (the drawing is `app::lesson_ui`).
//!
//! The format and its rules are `tavern_plugin_api::lesson`'s. The check here plays the
//! script the way the table does: chance steps drawn by the session itself, a plan's
//! tentative steps taken on a copy of the game and logged with the move that confirms
//! them (`Session::apply_plan`), and no pass answered by the table (a lesson writes its
//! passes). So a lesson that passes here plays the same at the table.
//!
//! A lesson can be tried without rebuilding its game: with `TAVERN_LESSONS=DIR`, a file
//! `DIR/<game id>/lesson.json` is used instead of the one the plugin carries.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use tavern_plugin_api::{ActionEntry, ChoiceKind, ToAct, View};

pub use tavern_plugin_api::lesson::{Accept, Lesson, Step, one_hand};

use crate::plugin::{Instance, Plugin};
use crate::session::{Session, UndoMode};

/// The environment variable naming a folder of lesson files that override the games'.
pub const LESSONS_ENV: &str = "TAVERN_LESSONS";

/// The lesson's text for `plugin`: the override file if there is one, else the plugin's
/// own (`None` for a game without a lesson, or a plugin built before lessons).
pub fn text_of(plugin: &Plugin) -> Result<Option<String>, String> {
    if let Some(dir) = std::env::var_os(LESSONS_ENV) {
        let file = std::path::Path::new(&dir)
            .join(&plugin.info.id)
            .join("lesson.json");
        if file.is_file() {
            return std::fs::read_to_string(&file)
                .map(Some)
                .map_err(|e| format!("{}: {e}", file.display()));
        }
    }
    plugin
        .lesson_text()
        .map_err(|e| format!("asking the game for its lesson failed: {e}"))
}

/// The game's lesson, read and parsed; an unreadable lesson is an error, no lesson `None`.
pub fn lesson_of(plugin: &Plugin) -> Result<Option<Lesson>, String> {
    match text_of(plugin)? {
        Some(text) => Lesson::parse(&text).map(Some),
        None => Ok(None),
    }
}

/// What a lesson that checks leaves behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Log entries of the main line (chance steps included).
    pub entries: usize,
    /// The game ended within the script.
    pub finished: bool,
    /// Moves the student makes (the guide's "step N of M").
    pub moves: usize,
}

/// A lesson's game played as the table plays it: the session, and the plans under way
/// (a seat's tentative steps on a copy of the game).
pub struct Walker {
    pub session: Session,
    plans: BTreeMap<usize, (Vec<Value>, Instance)>,
    /// Whether the guide (not the student) took the steps of the student's open plan.
    student_plan_by_guide: Option<bool>,
}

impl Walker {
    /// The lesson's game at its start (setup chance steps drawn).
    pub fn new(plugin: Arc<Plugin>, lesson: &Lesson) -> Result<Walker, String> {
        let session = Session::new(plugin, lesson.setup(), UndoMode::Learning)
            .map_err(|e| format!("the lesson's setup is refused: {e}"))?;
        Ok(Walker {
            session,
            plans: BTreeMap::new(),
            student_plan_by_guide: None,
        })
    }

    /// The seats to act (as the table sees them: the session's, plans aside).
    pub fn to_act(&self) -> Vec<usize> {
        match self.session.to_act() {
            Ok(ToAct::Seats(s)) => s,
            _ => Vec::new(),
        }
    }

    /// `seat`'s legal list: its plan's copy while it plans.
    pub fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>, String> {
        match self.plans.get(&seat) {
            Some((_, copy)) => copy.legal(seat).map_err(|e| e.to_string()),
            None => self.session.legal(seat).map_err(|e| e.to_string()),
        }
    }

    /// What `seat` sees: its plan's copy while it plans.
    pub fn view(&self, seat: usize) -> Result<View, String> {
        match self.plans.get(&seat) {
            Some((_, copy)) => copy.view(Some(seat)).map_err(|e| e.to_string()),
            None => self.session.view(Some(seat)).map_err(|e| e.to_string()),
        }
    }

    /// Plays `seat`'s move given as JSON and returns the entry it matched: a step goes
    /// into the seat's plan, any other move is logged (with the plan's steps). `guide`
    /// says whose hand makes it: the script's (a bot step) or the student's.
    pub fn play(
        &mut self,
        lesson: &Lesson,
        seat: usize,
        action: &Value,
        guide: bool,
    ) -> Result<ActionEntry, String> {
        if seat == lesson.student {
            one_hand(self.student_plan_by_guide, guide)?;
        }
        let legal = self.legal(seat)?;
        let Some(entry) = legal.iter().find(|l| &l.action == action).cloned() else {
            let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).take(12).collect();
            return Err(format!(
                "{action} is not legal for seat {seat}; legal now: {}",
                labels.join(" | ")
            ));
        };
        if entry.kind == ChoiceKind::Step {
            if !self.plans.contains_key(&seat) {
                let copy = self.session.bot_instance().map_err(|e| e.to_string())?;
                self.plans.insert(seat, (Vec::new(), copy));
            }
            let (steps, copy) = self.plans.get_mut(&seat).expect("made above");
            copy.apply(Some(seat), action.clone())
                .map_err(|e| e.to_string())?;
            steps.push(action.clone());
            if seat == lesson.student {
                self.student_plan_by_guide = Some(guide);
            }
            return Ok(entry);
        }
        if seat == lesson.student {
            self.student_plan_by_guide = None;
        }
        let steps = self.plans.remove(&seat).map(|p| p.0).unwrap_or_default();
        self.session
            .apply_plan(seat, &steps, action.clone())
            .map_err(|e| e.to_string())?;
        // Other seats' plans are taken again on the new state, as the table does.
        let others: Vec<usize> = self.plans.keys().copied().collect();
        for s in others {
            let (steps, _) = self.plans.remove(&s).expect("listed");
            let copy = self.session.bot_instance().map_err(|e| e.to_string())?;
            for st in &steps {
                copy.apply(Some(s), st.clone())
                    .map_err(|e| format!("seat {s}'s plan no longer applies: {e}"))?;
            }
            self.plans.insert(s, (steps, copy));
        }
        Ok(entry)
    }

    /// Whether a plan is under way.
    pub fn planning(&self) -> bool {
        !self.plans.is_empty()
    }
}

/// The seat a bot step is played for: its `seat`, else the first opponent to act.
pub fn bot_seat(lesson: &Lesson, seat: Option<usize>, to_act: &[usize]) -> Result<usize, String> {
    let s = match seat {
        Some(s) => s,
        None => *to_act
            .iter()
            .find(|&&s| s != lesson.student)
            .ok_or("no opponent is to act")?,
    };
    // (A step naming the student's own seat is the guide making the student's move.)
    if !to_act.contains(&s) {
        return Err(format!("seat {s} is not to act (to act: {to_act:?})"));
    }
    Ok(s)
}

/// The scene id a play step highlights: its `highlight`, else the first accepted move's
/// target in `legal`.
pub fn target_of(step: &Step, legal: &[ActionEntry]) -> Option<String> {
    let Step::Play {
        highlight, accept, ..
    } = step
    else {
        return None;
    };
    highlight.clone().or_else(|| {
        let first = accept.first()?;
        legal
            .iter()
            .find(|l| l.action == first.action)
            .and_then(|l| l.target.clone())
    })
}

fn step_name(step: &Step) -> &'static str {
    match step {
        Step::Play { .. } => "play",
        Step::Bot { .. } => "bot",
        Step::Explain { .. } => "explain",
    }
}

/// One step played on `w`; for the student's step, `choice` picks the accepted move.
/// Returns the label of the move played, if any.
fn play_step(
    lesson: &Lesson,
    w: &mut Walker,
    step: &Step,
    choice: usize,
) -> Result<Option<String>, String> {
    match step {
        Step::Explain { .. } => Ok(None),
        Step::Bot { action, seat, .. } => {
            let s = bot_seat(lesson, *seat, &w.to_act())?;
            w.play(lesson, s, action, true).map(|e| Some(e.label))
        }
        Step::Play { accept, .. } => {
            let student = lesson.student;
            if !w.to_act().contains(&student) {
                return Err(format!(
                    "the student is not to act (to act: {:?})",
                    w.to_act()
                ));
            }
            if accept.is_empty() {
                return Err("accepts no move".into());
            }
            let legal = w.legal(student)?;
            if let Some(t) = target_of(step, &legal) {
                let view = w.view(student)?;
                if !view
                    .scene
                    .items
                    .iter()
                    .any(|it| it.id.as_deref() == Some(t.as_str()))
                {
                    return Err(format!(
                        "highlights {t:?}, which is not on the student's table"
                    ));
                }
            }
            w.play(lesson, student, &accept[choice].action, false)
                .map(|e| Some(e.label))
        }
    }
}

/// Checks `lesson` against `plugin` through the real session: every scripted move legal
/// at its step, every highlight an item of the student's view, every accepted
/// alternative keeping the rest of the script playable. The error names the first
/// failing step ("step 4 (play): …").
pub fn check(plugin: &Arc<Plugin>, lesson: &Lesson) -> Result<Checked, String> {
    if let Some(p) = lesson.shape_problem() {
        return Err(p);
    }
    walk(plugin, lesson, &[])
}

/// Plays the script with `choices` fixing the accepted move of the first play steps
/// (the main line, index 0, after them), trying every alternative of the later steps.
fn walk(plugin: &Arc<Plugin>, lesson: &Lesson, choices: &[usize]) -> Result<Checked, String> {
    let mut w = Walker::new(plugin.clone(), lesson)?;
    let mut taken = 0;
    for (i, step) in lesson.steps.iter().enumerate() {
        let at = |m: String| format!("step {} ({}): {m}", i + 1, step_name(step));
        let mut choice = 0;
        if let Step::Play { accept, .. } = step {
            if taken < choices.len() {
                choice = choices[taken];
            } else {
                for (k, other) in accept.iter().enumerate().skip(1) {
                    let mut alt = choices.to_vec();
                    alt.resize(taken, 0);
                    alt.push(k);
                    walk(plugin, lesson, &alt)
                        .map_err(|e| format!("after the alternative {}: {e}", other.action))?;
                }
            }
            taken += 1;
        }
        play_step(lesson, &mut w, step, choice).map_err(at)?;
    }
    if w.planning() {
        return Err("the script ends in the middle of a plan".into());
    }
    Ok(Checked {
        entries: w.session.log().len(),
        finished: w.session.to_act().is_ok_and(|t| t == ToAct::Over),
        moves: lesson.moves(),
    })
}

/// The lesson as a readable script: the intro, each step with who moves and what the
/// guide says (the moves named by their labels, played along the main line), the
/// finale. A step that does not play ends the script with the reason.
pub fn script(plugin: &Arc<Plugin>, lesson: &Lesson) -> String {
    let mut out = String::new();
    let seat_name = |s: usize| lesson.seats.get(s).cloned().unwrap_or_else(|| "?".into());
    out.push_str(&format!(
        "{} (about {} minutes; you are {}, against {})\n\n{}\n\n",
        lesson.title,
        lesson.minutes,
        seat_name(lesson.student),
        (0..lesson.seats.len())
            .filter(|&s| s != lesson.student)
            .map(seat_name)
            .collect::<Vec<_>>()
            .join(", "),
        lesson.intro
    ));
    let mut w = match Walker::new(plugin.clone(), lesson) {
        Ok(w) => w,
        Err(e) => return out + &e + "\n",
    };
    let mut n = 0;
    for (i, step) in lesson.steps.iter().enumerate() {
        let label_of = |w: &Walker, seat: usize, action: &Value| {
            w.legal(seat)
                .ok()
                .and_then(|l| l.into_iter().find(|e| &e.action == action))
                .map_or_else(|| action.to_string(), |e| e.label)
        };
        match step {
            Step::Explain { say } => out.push_str(&format!("{}. {say}  [Continue]\n", i + 1)),
            Step::Bot { action, seat, say } => {
                let who = bot_seat(lesson, *seat, &w.to_act()).map_or("?".into(), seat_name);
                let label = bot_seat(lesson, *seat, &w.to_act())
                    .map_or_else(|_| action.to_string(), |s| label_of(&w, s, action));
                out.push_str(&format!("{}. {who}: {label}", i + 1));
                if let Some(say) = say {
                    out.push_str(&format!(" — {say}"));
                }
                out.push('\n');
            }
            Step::Play { say, accept, .. } => {
                n += 1;
                out.push_str(&format!(
                    "{}. You (move {n} of {}): {say}\n",
                    i + 1,
                    lesson.moves()
                ));
                for a in accept {
                    let label = label_of(&w, lesson.student, &a.action);
                    out.push_str(&format!("     - {label}"));
                    if let Some(then) = &a.then {
                        out.push_str(&format!(" → {then}"));
                    }
                    out.push('\n');
                }
            }
        }
        if let Err(e) = play_step(lesson, &mut w, step, 0) {
            out.push_str(&format!(
                "   (the script stops here: step {} does not play: {e})\n",
                i + 1
            ));
            return out;
        }
    }
    out.push_str(&format!("\n{}\n", lesson.finale));
    out
}

/// Where the student is in a lesson at the table, and what the guide shows.
#[derive(Clone, Debug)]
pub struct Guide {
    pub lesson: Arc<Lesson>,
    /// The step under way; `steps.len()` once the script is done (the finale).
    pub step: usize,
    /// The intro was read (Begin pressed).
    pub begun: bool,
    /// What the last moves led to: a `then` of the student's move, the scripted
    /// opponents' `say`s since. Cleared at the student's next move.
    pub recent: Vec<String>,
}

impl Guide {
    pub fn new(lesson: Arc<Lesson>) -> Guide {
        Guide {
            lesson,
            step: 0,
            begun: false,
            recent: Vec::new(),
        }
    }

    /// The step under way, `None` before Begin and after the last step.
    pub fn current(&self) -> Option<&Step> {
        if !self.begun {
            return None;
        }
        self.lesson.steps.get(self.step)
    }

    /// The script is done: the finale is showing.
    pub fn done(&self) -> bool {
        self.begun && self.step >= self.lesson.steps.len()
    }

    /// Which of the student's moves this is ("move 2 of 9"), at a play step.
    pub fn move_number(&self) -> usize {
        self.lesson.steps[..self.step.min(self.lesson.steps.len())]
            .iter()
            .filter(|s| matches!(s, Step::Play { .. }))
            .count()
            + 1
    }

    /// Whether `seat` may play `action` now: the accepted move it is, or the words of
    /// the "Not yet: …" notice.
    pub fn accepts(&self, seat: usize, action: &Value) -> Result<&Accept, String> {
        match self.current() {
            Some(Step::Play { accept, .. }) if seat == self.lesson.student => accept
                .iter()
                .find(|a| &a.action == action)
                .ok_or_else(|| self.not_yet()),
            _ => Err(self.not_yet()),
        }
    }

    /// What the lesson wants now, for a refused click.
    pub fn not_yet(&self) -> String {
        let text = match self.current() {
            None if !self.begun => "read the guide and press Begin".to_string(),
            None => "the lesson is over; choose how to go on in the guide".to_string(),
            Some(Step::Explain { .. }) => "read the guide and press Continue".to_string(),
            Some(Step::Bot { .. }) => "your opponent is moving".to_string(),
            Some(Step::Play { say, not_yet, .. }) => not_yet.clone().unwrap_or_else(|| say.clone()),
        };
        format!("Not yet: {text}")
    }

    /// The student played `accepted`: on to the next step, its `then` shown.
    pub fn played(&mut self, then: Option<String>) {
        self.recent.clear();
        self.recent.extend(then);
        self.step += 1;
    }

    /// A scripted move or an explanation is over: on to the next step.
    pub fn next(&mut self, said: Option<String>) {
        self.recent.extend(said);
        self.step += 1;
    }
}
