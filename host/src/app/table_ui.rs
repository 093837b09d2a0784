//! The game table: top bar, the scene in the centre, the log and the action list on the
//! right, the hot-seat cover, the error banner and the rules window.

use egui::{Color32, Key, Modifiers, RichText, Ui};
use tavern_plugin_api::scene::Color as SceneColor;
use tavern_plugin_api::{ActionEntry, ChoiceKind, View};

use super::scene_painter::{PaintOptions, show_scene};
use super::settings::{ZOOM_MAX, ZOOM_MIN};
use super::state::AppState;
use super::table::TableState;
use super::text::readable;
use super::{end_ui, launcher_ui, log_ui, rules_ui};

const SIDE_WIDTH: f32 = 340.0;

pub fn show(ui: &mut Ui, state: &mut AppState) {
    let now = ui.input(|i| i.time);
    let pace = state.settings.bot_pace;
    {
        let t = state.table.as_mut().expect("checked by the caller");
        if let Some(after) = t.tick(now, pace) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(after.clamp(0.02, 1.0)));
        }
    }
    shortcuts(ui, state, now);
    if state.table.is_none() {
        return;
    }
    top_bar(ui, state, now);
    let Some(t) = state.table.as_mut() else {
        return;
    };
    let view = if t.cover.is_some() {
        None
    } else {
        match t.view_now(now) {
            Ok(v) => Some(v),
            Err(e) => {
                t.banner = Some(format!("{e}. The game is kept at the last good move."));
                None
            }
        }
    };
    // A small window gives the table as much width as the log and buttons can spare.
    // Each band of window widths keeps its own panel width: egui remembers a panel's size
    // by id, so one id let a width chosen in a large window crowd the table of a small one.
    let (band, side) = match ui.available_width() {
        w if w < 1100.0 => (0, 250.0),
        w if w < 1200.0 => (1, 290.0),
        _ => (2, SIDE_WIDTH),
    };
    egui::Panel::right(egui::Id::unique(("table-side", band)))
        .resizable(true)
        .default_size(side)
        .min_size(240.0)
        .max_size(520.0)
        .show(ui, |ui| side_panel(ui, t, view.as_deref(), now));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
        .show(ui, |ui| {
            if let Some(seat) = t.cover {
                cover(ui, t, seat);
            } else if let Some(v) = &view {
                let targets = t.viewer_actions();
                let motion = state.settings.animate.then(|| t.motion(now)).flatten();
                if motion.is_some() {
                    ui.ctx().request_repaint();
                }
                let opts = PaintOptions {
                    zoom: state.settings.zoom,
                    time: state.settings.animate.then_some(now),
                    motion,
                };
                let r = show_scene(ui, &v.scene, &targets, &opts);
                if let Some((seat, action)) = r.chosen {
                    t.act(seat, action, now);
                }
                if r.hovered {
                    let dz = ui.input(|i| i.zoom_delta());
                    if dz != 1.0 {
                        state.settings.zoom = (state.settings.zoom * dz).clamp(ZOOM_MIN, ZOOM_MAX);
                    }
                }
            }
        });
    rules_ui::show(ui.ctx(), t);
    end_ui::show(ui.ctx(), state);
}

fn shortcuts(ui: &mut Ui, state: &mut AppState, now: f64) {
    let shift_cmd = Modifiers::COMMAND | Modifiers::SHIFT;
    let (redo, undo, save_as, save, open, help, zoom_in, zoom_out, zoom_reset) =
        ui.input_mut(|i| {
            let redo =
                i.consume_key(shift_cmd, Key::Z) || i.consume_key(Modifiers::COMMAND, Key::Y);
            let undo = i.consume_key(Modifiers::COMMAND, Key::Z);
            let save_as = i.consume_key(shift_cmd, Key::S);
            let save = i.consume_key(Modifiers::COMMAND, Key::S);
            let open = i.consume_key(Modifiers::COMMAND, Key::O);
            let help = i.consume_key(Modifiers::NONE, Key::F1);
            let zoom_in = i.consume_key(Modifiers::COMMAND, Key::Plus)
                || i.consume_key(Modifiers::COMMAND, Key::Equals);
            let zoom_out = i.consume_key(Modifiers::COMMAND, Key::Minus);
            let zoom_reset = i.consume_key(Modifiers::COMMAND, Key::Num0);
            (
                redo, undo, save_as, save, open, help, zoom_in, zoom_out, zoom_reset,
            )
        });
    if let Some(t) = state.table.as_mut() {
        if redo {
            t.redo(now);
        } else if undo {
            t.undo(now);
        }
        if help {
            t.show_rules = !t.show_rules;
        }
    }
    if save_as {
        state.save_as();
    } else if save {
        state.save();
    }
    if open {
        open_from_table(state);
    }
    let z = &mut state.settings.zoom;
    if zoom_in {
        *z = (*z * 1.1).min(ZOOM_MAX);
    }
    if zoom_out {
        *z = (*z / 1.1).max(ZOOM_MIN);
    }
    if zoom_reset {
        *z = 1.0;
    }
}

fn top_bar(ui: &mut Ui, state: &mut AppState, now: f64) {
    egui::Panel::top("table-top").show(ui, |ui| {
        ui.add_space(4.0);
        let mut leave = false;
        let mut save = false;
        let mut save_as = false;
        let mut open = false;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Launcher")
                .on_hover_text("Back to the launcher (the game stays in Continue)")
                .clicked()
            {
                leave = true;
            }
            ui.separator();
            let t = state.table.as_mut().expect("table shown");
            if gated_button(ui, "Undo", "Take back the last move (Ctrl+Z)", t.can_undo()) {
                t.undo(now);
            }
            if gated_button(
                ui,
                "Redo",
                "Play the taken-back move again (Ctrl+Shift+Z)",
                t.can_redo(),
            ) {
                t.redo(now);
            }
            ui.separator();
            save = ui.button("Save").on_hover_text("Ctrl+S").clicked();
            save_as = ui
                .button("Save As…")
                .on_hover_text("Ctrl+Shift+S")
                .clicked();
            open = ui.button("Open…").on_hover_text("Ctrl+O").clicked();
            ui.separator();
            if ui
                .button("Rules")
                .on_hover_text("The rules in short (F1)")
                .clicked()
            {
                t.show_rules = !t.show_rules;
            }
            ui.separator();
            let z = &mut state.settings.zoom;
            if ui
                .button("Zoom out")
                .on_hover_text("Ctrl+minus or Ctrl+wheel")
                .clicked()
            {
                *z = (*z / 1.1).max(ZOOM_MIN);
            }
            if ui
                .button(format!("{:.0}%", *z * 100.0))
                .on_hover_text("Fit the table to the window (Ctrl+0)")
                .clicked()
            {
                *z = 1.0;
            }
            if ui
                .button("Zoom in")
                .on_hover_text("Ctrl++ or Ctrl+wheel")
                .clicked()
            {
                *z = (*z * 1.1).min(ZOOM_MAX);
            }
            ui.separator();
            if ui.button("Settings").clicked() {
                state.show_settings = true;
            }
        });
        let t = state.table.as_mut().expect("table shown");
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t.game_name()).strong().size(17.0));
            let status = t
                .session
                .view(t.viewer())
                .map(|v| v.status)
                .unwrap_or_default();
            if !status.is_empty() && t.cover.is_none() {
                ui.label("·");
                ui.label(RichText::new(readable(ui.ctx(), &status)).size(16.0));
            }
            let turn = turn_text(t);
            if !t.is_over() && !turn.is_empty() {
                ui.label("·");
                ui.label(RichText::new(turn).size(16.0));
            }
            if let Some(n) = &t.notice {
                ui.label("·");
                ui.label(RichText::new(n).color(ui.visuals().warn_fg_color));
            }
        });
        if let Some(msg) = t.banner.clone() {
            egui::Frame::new()
                .fill(ui.visuals().error_fg_color.gamma_multiply(0.25))
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(msg).strong());
                        if ui.button("Save As…").clicked() {
                            save_as = true;
                        }
                        if ui
                            .button("Dismiss")
                            .on_hover_text("Hide this message and try again")
                            .clicked()
                        {
                            t.banner = None;
                        }
                    });
                });
        }
        if t.bots_held() && t.humans_to_act().is_empty() && !t.is_over() {
            ui.horizontal(|ui| {
                ui.label("You stepped back in the log; the bots wait so you can look or redo.");
                if ui.button("Let the bots play from here").clicked() {
                    t.bots_released = true;
                }
            });
        }
        ui.add_space(4.0);
        if leave {
            state.back_to_launcher();
        }
        if save_as {
            state.save_as();
        } else if save {
            state.save();
        }
        if open {
            open_from_table(state);
        }
    });
}

/// A button that is greyed out, with the reason on hover, when `allowed` says no.
fn gated_button(ui: &mut Ui, text: &str, hint: &str, allowed: Result<(), String>) -> bool {
    let r = ui
        .add_enabled(allowed.is_ok(), egui::Button::new(text))
        .on_hover_text(hint);
    match &allowed {
        Err(reason) => r.on_disabled_hover_text(reason.as_str()),
        Ok(()) => r,
    }
    .clicked()
}

/// Open… from the table: the game in progress is autosaved, so the launcher with its save
/// browser comes up next to the desktop dialog (which may not exist, e.g. without a portal).
fn open_from_table(state: &mut AppState) {
    state.launcher.show_browser = true;
    state.back_to_launcher();
    state.open_dialog();
}

/// "Anna to play", "Bot 2 is thinking…", "Game over".
pub fn turn_text(t: &TableState) -> String {
    if t.is_over() {
        return "Game over".into();
    }
    if let Some(seat) = t.thinking() {
        return format!("{} is thinking…", t.session.seat_name(seat));
    }
    let names: Vec<&str> = t.to_act().iter().map(|&s| t.session.seat_name(s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("{one} to play"),
        many => format!("{} to choose", many.join(", ")),
    }
}

fn seat_color(seat: usize) -> Color32 {
    let c = SceneColor::player(seat);
    Color32::from_rgb(c.0, c.1, c.2)
}

fn cover(ui: &mut Ui, t: &mut TableState, seat: usize) {
    let rect = ui.max_rect();
    let fill = seat_color(seat);
    ui.painter()
        .rect_filled(rect, 0.0, fill.gamma_multiply(0.45));
    // A band in the seat's full colour, so the colour reads even on a dim screen.
    let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 14.0));
    ui.painter().rect_filled(band, 0.0, fill);
    let name = t.session.seat_name(seat).to_string();
    ui.vertical_centered(|ui| {
        ui.add_space(rect.height() * 0.3);
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 40.0) / 2.0);
            launcher_ui::seat_marker(ui, seat);
        });
        ui.add_space(8.0);
        ui.label(
            RichText::new(format!("Pass to {name}"))
                .size(36.0)
                .strong()
                .color(Color32::WHITE),
        );
        ui.add_space(6.0);
        ui.label("The table is hidden so nobody sees another player's secrets.");
        ui.add_space(16.0);
        let b = egui::Button::new(RichText::new(format!("I am {name}: show my table")).size(20.0))
            .fill(fill.gamma_multiply(0.8));
        if ui.add(b).clicked() {
            t.reveal();
        }
    });
}

fn side_panel(ui: &mut Ui, t: &mut TableState, view: Option<&View>, now: f64) {
    if t.cover.is_some() {
        ui.add_space(12.0);
        ui.label("The log and the actions are hidden until the next player takes the screen.");
        return;
    }
    egui::Panel::bottom("side-actions")
        .resizable(true)
        .default_size(280.0)
        .min_size(120.0)
        .show(ui, |ui| actions(ui, t, view, now));
    egui::CentralPanel::default().show(ui, |ui| log_ui::log_panel(ui, t, now));
}

fn actions(ui: &mut Ui, t: &mut TableState, view: Option<&View>, now: f64) {
    ui.add_space(6.0);
    super::hint_ui::panel(ui, t, now);
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
                Some(s) => format!("{} is thinking…", t.session.seat_name(s)),
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
        return;
    }
    let seat = list[0].0;
    let mut chosen = None;
    let mut cancel = false;
    let mut never_ask = None;
    egui::ScrollArea::vertical()
        .id_salt("actions-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let w = ui.available_width();
            if let Some(plan) = t.viewer_plan() {
                plan_box(ui, &plan.steps, &mut cancel);
            }
            for item in group_actions(&list) {
                match item {
                    Item::Button(a) => {
                        if ui
                            .add_sized(
                                [w, 30.0],
                                egui::Button::new(readable(ui.ctx(), &a.label)).wrap(),
                            )
                            .clicked()
                        {
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
    if cancel {
        t.cancel_plan();
    } else if let Some(window) = never_ask {
        t.never_ask(seat, &window, now);
    } else if let Some(action) = chosen {
        t.act(seat, action, now);
    }
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
fn plan_box(ui: &mut Ui, steps: &[ActionEntry], cancel: &mut bool) {
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
        ui.label(RichText::new("Ctrl+Z takes back one step").weak());
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
