//! A lesson at the table ("Learn to play", issue 28): the normal table with a guide at
//! the top of the side column, the step's target outlined with a pulse, only the
//! lesson's moves accepted (anything else gets "Not yet: …" and changes nothing), the
//! scripted opponents' moves played by the table (never the bot search) after a pause,
//! and at the end *Play on freely* or *Start a real game*. The script's logic is
//! `crate::lesson::Guide`; this module is its hooks into the table and its drawing.
//!
//! Undo, redo and rewinding the log are off during a lesson: the script is one line of
//! play from a fixed seed, so taking a move back could only replay the same accepted
//! move again, while a guide stepping back in step with the log (over scripted
//! opponents' moves and explanations) would be one more way for the two to disagree.
//! *Play on freely* turns them on again. The table does not answer passes by itself
//! either, since a lesson writes its passes as steps.

use std::sync::Arc;

use egui::{Color32, CornerRadius, Rect, RichText, Stroke, StrokeKind, Ui};
use serde_json::Value;
use tavern_plugin_api::ChoiceKind;
use tavern_plugin_api::proto::ActionEntry;

use super::state::AppState;
use super::table::TableState;
use super::text::readable;
use crate::lesson::{Guide, Lesson, Step, bot_seat, target_of};
use crate::plugin::{Instance, Plugin};
use crate::session::{Session, UndoMode};

/// The least pause before a scripted opponent's move, so the student sees it come.
const BOT_PAUSE: f64 = 1.2;

/// The guide's share of the side column at most (it scrolls inside that); the
/// decision panel below keeps its height, the log gives way.
const GUIDE_SHARE: f32 = 0.4;

/// A lesson under way at a table.
pub struct LessonTable {
    pub guide: Guide,
    /// A scripted opponent's tentative steps, on a copy of the game, until its confirm
    /// (also the guide's steps of a plan it makes for the student: the lesson checkers
    /// refuse a plan the guide and the student share, so this copy never has to meet
    /// the student's own plan on the table).
    bot_plan: Option<(usize, Vec<Value>, Instance)>,
    /// *Start a real game* was pressed: the app goes to the launcher with the game.
    wants_launcher: bool,
    /// The last refused click's "Not yet: …", shown in the guide beside what it wants
    /// (not in the top bar, far from where the student looks).
    pub refused: Option<String>,
}

impl LessonTable {
    pub fn new(lesson: Arc<Lesson>) -> LessonTable {
        LessonTable {
            guide: Guide::new(lesson),
            bot_plan: None,
            wants_launcher: false,
            refused: None,
        }
    }
}

impl AppState {
    /// Starts `plugin`'s lesson: its setup and seed, the student human, the others bots
    /// whose moves the script gives.
    pub fn start_lesson(&mut self, plugin: Arc<Plugin>) {
        let Some(lesson) = plugin.lesson() else {
            return;
        };
        match Session::new(plugin, lesson.setup(), UndoMode::Learning) {
            Ok(session) => {
                let mut t = TableState::new(session, &self.paths, None);
                t.begin_lesson(lesson);
                self.open_table(t);
            }
            Err(e) => self.show_error("Cannot start the lesson", e.to_string()),
        }
    }
}

impl TableState {
    /// Makes this table (a new game from `lesson.setup()`) a lesson table: the guide
    /// starts, the student is at the screen, and no pass is answered by the table.
    pub fn begin_lesson(&mut self, lesson: Arc<Lesson>) {
        self.screen_seat = Some(lesson.student);
        self.lesson = Some(LessonTable::new(lesson));
        self.auto_answer = false;
    }

    /// The table's hook before any move of the person at the screen: `true` when the
    /// lesson (if any) accepts it, which moves the guide on; otherwise the "Not yet"
    /// notice is set and nothing happens.
    pub(super) fn lesson_allows(&mut self, seat: usize, action: &Value) -> bool {
        let Some(l) = self.lesson.as_mut() else {
            return true;
        };
        match l.guide.accepts(seat, action) {
            Ok(a) => {
                let then = a.then.clone();
                l.guide.played(then);
                l.refused = None;
                true
            }
            Err(m) => {
                l.refused = Some(m);
                false
            }
        }
    }

    /// The table's hook for buttons that are not moves (Cancel a plan, "don't ask me
    /// again"): refused with the lesson's "Not yet" during a lesson.
    pub(super) fn lesson_refuses(&mut self) -> bool {
        match self.lesson.as_mut() {
            Some(l) => {
                l.refused = Some(l.guide.not_yet());
                true
            }
            None => false,
        }
    }

    /// The table's hook in Undo, Redo and rewinding: off during a lesson (see the module
    /// notes).
    pub(super) fn lesson_history(&self) -> Result<(), String> {
        match &self.lesson {
            Some(_) => Err("Undo is off during the lesson".into()),
            None => Ok(()),
        }
    }

    /// The bots' hook: during a lesson the table plays the script's opponent moves
    /// itself, after a pause, and never starts a bot search. `None` outside a lesson;
    /// else what `tick` returns.
    pub(super) fn lesson_tick(&mut self, now: f64, pace: f32) -> Option<Option<f64>> {
        let l = self.lesson.as_ref()?;
        let Some(Step::Bot { action, seat, say }) = l.guide.current().cloned() else {
            return Some(None);
        };
        if self.banner.is_some() {
            return Some(None);
        }
        let due = self.last_change + f64::from(pace).max(BOT_PAUSE);
        if now < due {
            return Some(Some(due - now));
        }
        let seat = match bot_seat(&l.guide.lesson, seat, &self.to_act()) {
            Ok(s) => s,
            Err(e) => {
                self.banner = Some(format!("The lesson's script does not fit the game: {e}"));
                return Some(None);
            }
        };
        let planned = l.bot_plan.as_ref().filter(|p| p.0 == seat);
        let legal = match planned {
            Some((_, _, copy)) => copy.legal(seat).map_err(|e| e.to_string()),
            None => Ok(self.game_legal(seat)),
        };
        let kind = legal
            .ok()
            .and_then(|l| l.into_iter().find(|e| e.action == action))
            .map(|e| e.kind);
        let Some(kind) = kind else {
            self.banner = Some(format!(
                "The lesson's script does not fit the game: {action} is not legal for seat {seat}"
            ));
            return Some(None);
        };
        let l = self.lesson.as_mut().expect("checked above");
        l.guide.next(say);
        if kind == ChoiceKind::Step {
            if l.bot_plan.as_ref().is_none_or(|p| p.0 != seat) {
                let copy = match &self.source {
                    super::table_game::Source::Local(session) => session.bot_instance(),
                    super::table_game::Source::Online(_) => return Some(None),
                };
                match copy {
                    Ok(copy) => l.bot_plan = Some((seat, Vec::new(), copy)),
                    Err(e) => {
                        self.fail(e);
                        return Some(None);
                    }
                }
            }
            let (_, steps, copy) = l.bot_plan.as_mut().expect("made above");
            if let Err(e) = copy.apply(Some(seat), action.clone()) {
                self.banner = Some(format!("The lesson's scripted move failed: {e}"));
                return Some(None);
            }
            steps.push(action);
            self.last_change = now;
            return Some(Some(0.0));
        }
        let steps = match l.bot_plan.take() {
            Some((s, steps, _)) if s == seat => steps,
            other => {
                l.bot_plan = other;
                Vec::new()
            }
        };
        self.apply_decision(seat, &steps, action, now);
        Some(Some(0.0))
    }

    /// The scene id the lesson outlines now, if any.
    pub fn lesson_target(&self) -> Option<String> {
        let step = self.lesson.as_ref()?.guide.current()?;
        if !matches!(step, Step::Play { .. }) {
            return None;
        }
        let legal: Vec<_> = self.viewer_actions().into_iter().map(|(_, a)| a).collect();
        target_of(step, &legal)
    }

    /// *Play on freely*: the lesson ends and the same game goes on as a normal game.
    pub fn lesson_play_on(&mut self, now: f64) {
        self.lesson = None;
        self.auto_answer = true;
        self.notice = None;
        self.session_changed(now);
    }
}

/// Outlines the lesson's target on the table, pulsing while animations are on.
pub(super) fn pulse(ui: &Ui, rect: Option<Rect>, time: Option<f64>) {
    let Some(r) = rect else {
        return;
    };
    let phase = time.map_or(0.5, |t| (0.5 + 0.5 * (t * 4.0).sin()) as f32);
    let gold = Color32::from_rgb(255, 196, 0);
    let p = ui.painter();
    p.rect_stroke(
        r.expand(4.0 + 6.0 * phase),
        CornerRadius::same(8),
        Stroke::new(3.0 + 2.0 * phase, gold.gamma_multiply(0.55 + 0.45 * phase)),
        StrokeKind::Outside,
    );
    p.rect_stroke(
        r.expand(2.0),
        CornerRadius::same(6),
        Stroke::new(2.0, Color32::WHITE),
        StrokeKind::Outside,
    );
    if time.is_some() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(40));
    }
}

/// The launcher's *Learn to play* for `plugin`, when it has a lesson; `true` when
/// clicked.
pub(super) fn learn_button(ui: &mut Ui, plugin: &Plugin) -> bool {
    let Some(lesson) = plugin.lesson() else {
        return false;
    };
    ui.add(egui::Button::new(
        RichText::new(format!("Learn to play · about {} min", lesson.minutes)).strong(),
    ))
    .on_hover_text(format!(
        "{}: a guided first game, one step at a time",
        lesson.title
    ))
    .clicked()
}

/// The guide at the top of the table's side column, during a lesson.
pub(super) fn guide_panel(ui: &mut Ui, t: &mut TableState, now: f64) {
    let Some(l) = t.lesson.as_ref() else {
        return;
    };
    let max = ui.available_height() * GUIDE_SHARE;
    let lesson = l.guide.lesson.clone();
    // The step's accepted moves that nothing on the table stands for (a choice of
    // starting resources): offered in the guide itself, under its words, since a click
    // on the outlined area cannot make them.
    let untargeted: Vec<(usize, ActionEntry)> = match l.guide.current() {
        Some(Step::Play { accept, .. }) if l.guide.begun => t
            .viewer_actions()
            .into_iter()
            .filter(|(_, e)| e.target.is_none() && accept.iter().any(|a| a.action == e.action))
            .collect(),
        _ => Vec::new(),
    };
    let mut chosen = None;
    let mut begin = false;
    let mut cont = false;
    let mut play_on = false;
    let mut real = false;
    egui::Panel::top("lesson-guide")
        .resizable(false)
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(&lesson.title).strong().size(16.0));
            // The step's words scroll inside the guide's share of the column; its
            // buttons stay below them, always in view.
            egui::ScrollArea::vertical()
                .id_salt("lesson-guide-scroll")
                .max_height(max)
                .show(ui, |ui| {
                    if !l.guide.begun {
                        ui.label(&lesson.intro);
                    } else if l.guide.done() {
                        ui.label(RichText::new("Well done: that was the lesson.").strong());
                        ui.label(&lesson.finale);
                    } else {
                        match l.guide.current() {
                            Some(Step::Play { say, .. }) => {
                                ui.label(
                                    RichText::new(format!(
                                        "Your move {} of {}",
                                        l.guide.move_number(),
                                        lesson.moves()
                                    ))
                                    .weak(),
                                );
                                ui.label(RichText::new(say).size(15.0).strong());
                            }
                            Some(Step::Explain { say }) => {
                                ui.label(RichText::new(say).size(15.0));
                            }
                            Some(Step::Bot { say, seat, .. }) => {
                                let yours = *seat == Some(lesson.student);
                                let what = if yours {
                                    "The guide makes your move…"
                                } else {
                                    "Your opponent is moving…"
                                };
                                ui.label(RichText::new(what).weak());
                                if let Some(s) = say {
                                    ui.label(s);
                                }
                            }
                            None => {}
                        }
                    }
                    // What the last moves led to, under the step's own words.
                    if !l.guide.recent.is_empty() {
                        ui.separator();
                        for r in &l.guide.recent {
                            ui.label(RichText::new(r).italics());
                        }
                    }
                });
            if let Some(r) = &l.refused {
                ui.label(RichText::new(r).strong().color(ui.visuals().warn_fg_color));
            }
            ui.horizontal_wrapped(|ui| {
                for (seat, e) in &untargeted {
                    if ui
                        .button(RichText::new(readable(ui.ctx(), &e.label)).strong())
                        .on_hover_text("The lesson's move (also in the list below)")
                        .clicked()
                    {
                        chosen = Some((*seat, e.action.clone()));
                    }
                }
                if !l.guide.begun {
                    begin = ui.button("Begin").clicked();
                } else if l.guide.done() {
                    play_on = !t.is_over()
                        && ui
                            .button("Play on freely")
                            .on_hover_text("Go on with this game; the others are bots at level 1")
                            .clicked();
                    real = ui
                        .button("Start a real game")
                        .on_hover_text("Back to the launcher with this game chosen")
                        .clicked();
                } else if matches!(l.guide.current(), Some(Step::Explain { .. })) {
                    cont = ui.button("Continue").clicked();
                }
            });
            ui.add_space(4.0);
        });
    if let Some((seat, action)) = chosen {
        t.act(seat, action, now);
    }
    let Some(l) = t.lesson.as_mut() else {
        return;
    };
    if begin {
        l.guide.begun = true;
        t.notice = None;
        t.last_change = now;
    }
    if cont {
        l.guide.next(None);
        t.notice = None;
        t.last_change = now;
    }
    if real {
        l.wants_launcher = true;
    }
    if play_on {
        t.lesson_play_on(now);
    }
}

/// After the table's frame: *Start a real game* takes the app to the launcher with the
/// lesson's game chosen (the lesson's game is dropped, autosave and all).
pub(super) fn follow_up(state: &mut AppState) {
    let Some(t) = state.table.as_ref() else {
        return;
    };
    if !t.lesson.as_ref().is_some_and(|l| l.wants_launcher) {
        return;
    }
    let id = t.plugin().info.id.clone();
    if let Some(autosave) = t.autosave_path() {
        let _ = std::fs::remove_file(autosave);
    }
    state.back_to_launcher();
    state.select_game(&id);
}
