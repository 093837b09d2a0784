//! The decision panel at the foot of the side column: the hint row, the prompt, the plan
//! in progress with Cancel, and the current actions. It is sized to what it holds, up to
//! most of the column, so the decision is always in view: the log above it gives way
//! (it shrinks and scrolls), never the decision. During a reveal it says what is being
//! shown and offers Skip; during a preview of the log, that the table is read-only.

use egui::{Key, Modifiers, RichText, Ui};
use tavern_plugin_api::{ActionEntry, ChoiceKind, View};

use super::table::TableState;
use super::text::readable;

/// The log keeps at least this much of the side column (its heading and a few lines).
pub const LOG_MIN: f32 = 120.0;
/// The decision panel is never smaller than this.
pub const DECISION_MIN: f32 = 150.0;

/// "Anna to play", "Bot 2 is thinking…", "Game over".
pub fn turn_text(t: &TableState) -> String {
    if t.is_over() {
        return "Game over".into();
    }
    if let Some(seat) = t.thinking() {
        return format!("{} is thinking…", t.seat_name(seat));
    }
    let names: Vec<String> = t.to_act().iter().map(|&s| t.seat_name(s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("{one} to play"),
        many => format!("{} to choose", many.join(", ")),
    }
}

/// The height the decision panel wants in a side column `column` high: what it held in
/// the last frame (`wanted`), within its bounds.
pub fn decision_height(wanted: f32, column: f32) -> f32 {
    let most = (column - LOG_MIN).max(DECISION_MIN);
    (wanted + 12.0).clamp(DECISION_MIN, most)
}

/// Draws the panel in a side column `column` high; returns the height its content
/// wanted this frame.
pub fn panel(ui: &mut Ui, t: &mut TableState, view: Option<&View>, column: f32, now: f64) -> f32 {
    let top = ui.cursor().top();
    ui.add_space(6.0);
    // The hint box may take at most a third of the side column (of the column, not of
    // this panel, which is sized to what it held last frame: a third of that kept a
    // new hint at two lines), and scrolls inside that, so it never squeezes the actions.
    let hint_max = (column / 3.0).max(90.0);
    super::hint_ui::panel(ui, t, now, hint_max);
    if let Some((shown, total)) = t.beats.as_ref().map(|b| b.progress()) {
        ui.label(RichText::new(format!("Showing what happened: {shown} of {total}")).strong());
        if ui
            .button("Skip to the end")
            .on_hover_text("Space, or a click on the table, does the same")
            .clicked()
        {
            t.skip_beats(now);
        }
        return ui.cursor().top() - top;
    }
    if t.preview.is_some() {
        ui.label(
            RichText::new("The table shows a moment of the log. Back to now to play on.").weak(),
        );
        if ui.button("Back to the present").clicked() {
            t.close_preview();
        }
        return ui.cursor().top() - top;
    }
    if let Some(v) = view
        && !v.prompt.is_empty()
    {
        ui.label(
            RichText::new(readable(ui.ctx(), &v.prompt))
                .strong()
                .size(16.0),
        );
        ui.add_space(4.0);
    }
    let list = t.viewer_actions();
    if list.is_empty() {
        let msg = if t.is_over() {
            "The game is over.".to_string()
        } else {
            match t.thinking() {
                Some(s) => format!("{} is thinking…", t.seat_name(s)),
                None => {
                    let w = turn_text(t);
                    if w.is_empty() {
                        "Waiting…".into()
                    } else {
                        format!("Waiting: {w}")
                    }
                }
            }
        };
        ui.label(RichText::new(msg).weak());
        if t.is_over() && ui.button("Show the scores").clicked() {
            t.show_end = true;
        }
        return ui.cursor().top() - top;
    }
    let seat = list[0].0;
    let mut chosen = None;
    let mut cancel = false;
    let mut never_ask = None;
    // The plan's summary and Cancel stay above the list, never scrolled away.
    if let Some((_, steps)) = t.viewer_plan() {
        plan_box(ui, steps, t.is_online(), &mut cancel);
    }
    let pinned = ui.cursor().top() - top;
    let out = egui::ScrollArea::vertical()
        .id_salt("actions-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let w = ui.available_width();
            for item in group_actions(&list) {
                match item {
                    Item::Button(a) => {
                        let text = if a.default {
                            format!("{}  (Enter)", a.label)
                        } else {
                            a.label.clone()
                        };
                        let mut r = ui.add_sized(
                            [w, 30.0],
                            egui::Button::new(readable(ui.ctx(), &text)).wrap(),
                        );
                        if a.default {
                            r = r.on_hover_text("Enter or Space plays this");
                        }
                        if r.clicked() {
                            chosen = Some(a.action.clone());
                        }
                        if let ChoiceKind::Pass { window } = &a.kind {
                            let mut on = t.never_asks(seat, window);
                            let r = ui.checkbox(&mut on, "Don't ask me again").on_hover_text(
                                format!(
                                    "Let it go by itself from now on, while this lasts ({window})"
                                ),
                            );
                            if r.changed() && on {
                                never_ask = Some(window.clone());
                            }
                        }
                    }
                    Item::Number { group, values } => {
                        if let Some(a) = number_stepper(ui, t, &group, &values) {
                            chosen = Some(a);
                        }
                    }
                }
            }
        });
    // Enter or Space plays the game's default move (End turn), unless a text field or
    // a focused button has the keys.
    if chosen.is_none()
        && let Some((_, a)) = list.iter().find(|(_, a)| a.default)
        && ui.ctx().memory(|m| m.focused().is_none())
        && ui.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Enter) || i.consume_key(Modifiers::NONE, Key::Space)
        })
    {
        chosen = Some(a.action.clone());
    }
    let wanted = pinned + out.content_size.y;
    if cancel {
        t.cancel_plan();
    } else if let Some(window) = never_ask {
        t.never_ask(seat, &window, now);
    } else if let Some(action) = chosen {
        let until = t.handover_until();
        if t.guard.allows(ui.ctx(), now, false, until) {
            t.act(seat, action, now);
        } else if !t.guard.reason.is_empty() {
            t.notice = Some(t.guard.reason.into());
        }
    }
    wanted
}

/// What the action list shows: a button per action, one stepper per numeric group.
enum Item<'a> {
    Button(&'a ActionEntry),
    Number {
        group: String,
        /// The group's actions with their values, ascending by value.
        values: Vec<(i64, &'a ActionEntry)>,
    },
}

/// Groups the numeric actions of `list` (in the place of their group's first action).
fn group_actions(list: &[(usize, ActionEntry)]) -> Vec<Item<'_>> {
    let mut items: Vec<Item<'_>> = Vec::new();
    for (_, a) in list {
        match &a.kind {
            ChoiceKind::Number { group, value } => {
                let found = items.iter_mut().find_map(|i| match i {
                    Item::Number { group: g, values } if g == group => Some(values),
                    _ => None,
                });
                match found {
                    Some(values) => values.push((*value, a)),
                    None => items.push(Item::Number {
                        group: group.clone(),
                        values: vec![(*value, a)],
                    }),
                }
            }
            _ => items.push(Item::Button(a)),
        }
    }
    for i in &mut items {
        if let Item::Number { values, .. } = i {
            values.sort_by_key(|(v, _)| *v);
        }
    }
    items
}

/// The running plan: its steps so far and Cancel (Undo takes back the last step).
fn plan_box(ui: &mut Ui, steps: &[ActionEntry], online: bool, cancel: &mut bool) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new("Your plan (not played yet)").strong());
        for (i, s) in steps.iter().enumerate() {
            ui.label(format!("{}. {}", i + 1, readable(ui.ctx(), &s.label)));
        }
        if ui
            .button("Cancel plan")
            .on_hover_text("Drop every step of the plan; nothing was played")
            .clicked()
        {
            *cancel = true;
        }
        // On its own line: beside the button it ran past a narrow side panel.
        // Online the host keeps the plan's steps: undo can only drop them all.
        let undo = if online {
            "Ctrl+Z drops the plan"
        } else {
            "Ctrl+Z takes back one step"
        };
        ui.label(RichText::new(undo).weak());
    });
    ui.add_space(4.0);
}

/// One numeric choice: lower/raise buttons and a slider over the values the game allows,
/// then a button that plays the chosen value (all reachable with Tab and Space/Enter).
fn number_stepper(
    ui: &mut Ui,
    t: &mut TableState,
    group: &str,
    values: &[(i64, &ActionEntry)],
) -> Option<serde_json::Value> {
    let at = t.numbers.get(group).copied().unwrap_or(values[0].0);
    let mut idx = values.iter().position(|(v, _)| *v == at).unwrap_or(0);
    let last = values.len() - 1;
    let mut chosen = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(RichText::new(readable(ui.ctx(), group)).strong());
            let lower = ui
                .add_enabled(idx > 0, egui::Button::new("−"))
                .on_hover_text(format!("Lower {group}"))
                .accessible_name(format!("Lower {group}"));
            if lower.clicked() {
                idx -= 1;
            }
            let shown: Vec<i64> = values.iter().map(|(v, _)| *v).collect();
            // Room for the value and the + button on the narrowest side panel.
            ui.spacing_mut().slider_width = (ui.available_width() - 80.0).clamp(40.0, 160.0);
            let slider = ui
                .add(
                    egui::Slider::new(&mut idx, 0..=last)
                        .step_by(1.0)
                        .show_value(true)
                        .custom_formatter(move |i, _| {
                            shown
                                .get(i as usize)
                                .map(i64::to_string)
                                .unwrap_or_default()
                        })
                        .custom_parser(|_| None),
                )
                .accessible_name(format!("{group} value"));
            let raise = ui
                .add_enabled(idx < last, egui::Button::new("+"))
                .on_hover_text(format!("Raise {group}"))
                .accessible_name(format!("Raise {group}"));
            if raise.clicked() {
                idx += 1;
            }
            let steps = arrow_steps(ui, &[&lower, &raise], &slider);
            idx = idx.saturating_add_signed(steps as isize).min(last);
        });
        let idx = idx.min(last);
        let a = values[idx].1;
        if ui
            .add_sized(
                [ui.available_width(), 30.0],
                egui::Button::new(readable(ui.ctx(), &a.label)).wrap(),
            )
            .clicked()
        {
            chosen = Some(a.action.clone());
        }
    });
    t.numbers.insert(group.to_string(), values[idx.min(last)].0);
    chosen
}

/// Arrow keys on a focused part of a stepper: up and right raise, down and left lower
/// (the slider itself already moves with left and right). While a part has the focus
/// the arrows stay with it instead of moving the focus to a neighbour.
fn arrow_steps(ui: &Ui, buttons: &[&egui::Response], slider: &egui::Response) -> i64 {
    let Some(focused) = buttons
        .iter()
        .copied()
        .chain([slider])
        .find(|r| r.has_focus())
    else {
        return 0;
    };
    let all_arrows = egui::EventFilter {
        horizontal_arrows: true,
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(focused.id, all_arrows));
    // Asked before `input_mut`, which holds the context's lock `has_focus` needs.
    let on_slider = slider.has_focus();
    ui.input_mut(|i| {
        let mut n = |k| i.count_and_consume_key(Modifiers::NONE, k) as i64;
        let vertical = n(Key::ArrowUp) - n(Key::ArrowDown);
        if on_slider {
            vertical
        } else {
            vertical + n(Key::ArrowRight) - n(Key::ArrowLeft)
        }
    })
}
