//! The game table: top bar, the scene in the centre, the log and the decision panel on
//! the right (`decision_ui`), what lies over the scene (`overlays`: the hot-seat cover,
//! a handover's banner, a preview's or a playback's bar, a plan's Confirm on the table),
//! the error banner and the rules window.

use egui::{Key, Modifiers, RichText, Ui};
use tavern_plugin_api::View;

use super::decision_ui::{self, decision_height, turn_text};
use super::overlays;
use super::scene_painter::{PaintOptions, TableOptions, show_table_scene};
use super::settings::{ZOOM_MAX, ZOOM_MIN};
use super::state::AppState;
use super::table::TableState;
use super::text::readable;
use super::{end_ui, log_ui, rules_ui};

const SIDE_WIDTH: f32 = 340.0;

pub fn show(ui: &mut Ui, state: &mut AppState) {
    let now = ui.input(|i| i.time);
    let pace = state.settings.bot_pace;
    {
        let t = state.table.as_mut().expect("checked by the caller");
        t.reveal_seconds = state.settings.reveal_pace.seconds();
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
    guard_frame(ui.ctx(), t, now);
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
                overlays::cover(ui, t, seat, now);
            } else if let Some(v) = &view {
                overlays::handover_banner(ui, t, now);
                overlays::preview_bar(ui, t, now);
                overlays::beats_bar(ui, t, now);
                // A preview or a playback shows a moment that is not the present: look only.
                let looking = t.preview.is_some() || t.beats.is_some();
                let targets = if looking {
                    Vec::new()
                } else {
                    t.viewer_actions()
                };
                let motion = state.settings.animate.then(|| t.motion(now)).flatten();
                if motion.is_some() {
                    ui.ctx().request_repaint();
                }
                let opts = PaintOptions {
                    zoom: state.settings.zoom,
                    time: state.settings.animate.then_some(now),
                    motion,
                };
                let table = TableOptions {
                    one_click: state.settings.one_click,
                    anchor: t
                        .viewer_plan()
                        .and_then(|(_, steps)| steps.last())
                        .and_then(|s| s.target.clone()),
                    lesson: t.lesson_target(),
                };
                let r = show_table_scene(ui, &v.scene, &targets, &opts, &table);
                super::lesson_ui::pulse(ui, r.lesson, opts.time);
                if t.beats.is_some() && r.hovered && ui.input(|i| i.pointer.primary_clicked()) {
                    t.skip_beats(now);
                } else if let Some((seat, action)) = r.chosen {
                    let until = t.handover_until();
                    if t.guard.allows(ui.ctx(), now, r.from_menu, until) {
                        t.act(seat, action, now);
                    } else {
                        if !t.guard.reason.is_empty() {
                            t.notice = Some(t.guard.reason.into());
                        }
                    }
                }
                if !looking {
                    overlays::plan_on_table(ui.ctx(), t, r.anchor, &r.targets, r.rect, now);
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
    super::lesson_ui::follow_up(state);
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
        if t.beats.is_some() && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Space)) {
            t.skip_beats(now);
        }
        if t.preview.is_some() && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            t.close_preview();
        }
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
            if state.online.hosted.is_some()
                && ui
                    .button("Invitations")
                    .on_hover_text("The invitations to send, and who is connected")
                    .clicked()
            {
                state.online.show_invites = !state.online.show_invites;
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
            let (saving, saving_as) = if !t.is_online() {
                (Ok(()), Ok(()))
            } else if !t.is_over() {
                let why = "An online game in progress stays with its server or host (its \
                           file would show every hidden card); once it is over, Save As… \
                           keeps it as a replay";
                (Err(why.to_string()), Err(why.to_string()))
            } else if state.replay_fetch.is_some() {
                let why = "Fetching the finished game…".to_string();
                (Err(why.clone()), Err(why))
            } else {
                let why = "Save As… fetches the finished game as a replay".to_string();
                (Err(why), Ok(()))
            };
            save = gated_button(ui, "Save", "Ctrl+S", saving);
            save_as = gated_button(ui, "Save As…", "Ctrl+Shift+S", saving_as);
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
            let status = t.status();
            if !status.is_empty() && t.cover.is_none() {
                ui.label("·");
                ui.label(RichText::new(readable(ui.ctx(), &status)).size(16.0));
            }
            let turn = turn_text(t);
            if !t.is_over() && !turn.is_empty() {
                ui.label("·");
                ui.label(RichText::new(turn).size(16.0));
            }
            for seat in t.away() {
                ui.label("·");
                let text = format!("{} is disconnected", t.seat_name(seat));
                ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
            }
            if let Some(n) = &t.notice {
                ui.label("·");
                ui.label(RichText::new(n).color(ui.visuals().warn_fg_color));
            }
        });
        let mut rejoin = None;
        if let Some(why) = t.connection_ended() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(why)
                        .strong()
                        .color(ui.visuals().warn_fg_color),
                );
                if !t.is_over()
                    && ui
                        .button("Rejoin")
                        .on_hover_text("Connect again with the same invitation")
                        .clicked()
                {
                    rejoin = t.online().map(|o| o.ticket.to_string());
                }
            });
        }
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
        if let Some(ticket) = rejoin {
            // Not back to the launcher: for the host that would end the game it hosts.
            state.table = None;
            state.join_online(&ticket);
        }
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

fn side_panel(ui: &mut Ui, t: &mut TableState, view: Option<&View>, now: f64) {
    if t.cover.is_some() {
        ui.add_space(12.0);
        ui.label("The log and the actions are hidden until the next player takes the screen.");
        return;
    }
    // A lesson's guide comes first, so the decision panel keeps its height.
    super::lesson_ui::guide_panel(ui, t, now);
    // The decision panel takes what it held last frame (within bounds); the log, above
    // it, gets the rest.
    let wanted_id = egui::Id::unique("decision-wanted");
    let wanted = ui.data(|d| d.get_temp::<f32>(wanted_id)).unwrap_or(280.0);
    let column = ui.available_height();
    let height = decision_height(wanted, column);
    let mut now_wanted = wanted;
    egui::Panel::bottom("side-actions")
        .resizable(false)
        .exact_size(height)
        .show(ui, |ui| {
            now_wanted = decision_ui::panel(ui, t, view, column, now)
        });
    if (now_wanted - wanted).abs() > 1.0 {
        ui.data_mut(|d| d.insert_temp(wanted_id, now_wanted));
        ui.ctx().request_repaint();
    }
    egui::CentralPanel::default().show(ui, |ui| log_ui::log_panel(ui, t));
}

/// What identifies the buttons on screen this frame, for the click guard.
fn guard_frame(ctx: &egui::Context, t: &mut TableState, now: f64) {
    let planned = t.viewer_plan().map_or(0, |(_, s)| s.len());
    let hint = match &t.hint {
        None => 0,
        Some(h) if h.answer.is_none() => 1,
        Some(_) => 2,
    };
    let layout = hint | (u8::from(t.beats.is_some()) << 2) | (u8::from(t.preview.is_some()) << 3);
    let key = (t.revision(), t.viewer(), planned, layout);
    t.guard.frame(ctx, key, now);
}
